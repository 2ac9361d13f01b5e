"""Playing a run's games: one game from its index, batches in worker processes, resume from the file.

A game depends only on the run's arguments and its index: the schedule gives
its factions and set-up seed, the bots are seeded from the run's seed, the
index and the seat. So games can be played in any process, in any order,
and a rerun plays exactly the games the file does not hold yet.
"""
from __future__ import annotations

import json
import math
import os
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Sequence

from ..content import default_catalogue
from ..content.catalogue import Catalogue
from ..players import BOTS, BotGameError, make_bot, play_game
from ..rules import Engine, Game
from ..setup import SetupError, check_player_count, random_setup
from . import LabError
from .change import Component, Focus, changed_components, focus_of, forced_deal
from .cluster import connect, run_on_cluster
from .results import Appender, ResultsFile, describe_difference, read_results, run_of
from .schedule import FocusSchedule, Schedule, SoloSchedule, make_focus_schedule, make_schedule, make_solo_schedule


@dataclass(frozen=True)
class RunConfig:
    """The arguments that define a run's games (`overlays`: --content folders, as given)."""

    players: int
    bot: str = "fast"
    seed: str = "lab"
    variant: str = "rules"
    layout: str = "standard"
    faction_variant: str | None = None
    pool: tuple[str, ...] | None = None      # None: every faction of the content
    overlays: tuple[str, ...] = ()
    content_hash: str = ""
    files: tuple = field(default=(), compare=False)  # the overlays' files, shipped to remote workers
    fixed: str = ""                          # parts of a set-up file held in every game (`random_setup`'s `fixed`), JSON
    automa: tuple[str, ...] | None = None    # solo games (players 1): against these Automa faction cards ...
    difficulty: tuple[str, ...] | None = None   # ... at these difficulties
    focus: str = ""                          # a measured change: what every game holds (change.Focus), JSON
    base_hash: str = ""                      # ... and the hash of the content without the change (the baseline's)
    change: str = field(default="", compare=False)   # ... and what changed, as `gaia explain` shows it (a label)

    def options(self) -> dict:
        options = {"variant": self.variant, "layout": self.layout, "faction_variant": self.faction_variant}
        if self.fixed:   # a run without a set-up file keeps the options of runs made before set-up files
            options["setup"] = json.loads(self.fixed)
        if self.automa is not None:   # so is a run of games of several players
            options.update(automa=list(self.automa), difficulty=list(self.difficulty or ()))
        if self.focus:   # so is a run that measures no change
            options["focus"] = json.loads(self.focus)
        return options

    @property
    def paired(self) -> bool:
        """A measured change with games without it to pair with (none when it brings a new faction)."""
        return bool(self.focus) and not json.loads(self.focus).get("new")

    @property
    def is_baseline(self) -> bool:
        """A run without the change it is paired with (its content is the deal's content)."""
        return self.base_hash == self.content_hash


def baseline_of(config: RunConfig) -> RunConfig:
    """The run of the same games without the change: every --content folder but the last."""
    files = config.files[:-1] if config.files else ()
    return replace(config, overlays=config.overlays[:-1], files=files, content_hash=config.base_hash)


def prepare(config: RunConfig, catalogue: Catalogue) -> tuple[RunConfig, Schedule]:
    """The config with its content hash and pool filled in, and its schedule; LabError if it cannot run."""
    if config.bot not in BOTS:
        raise LabError(f"unknown bot '{config.bot}' (choose from {', '.join(BOTS)})")
    if config.variant not in catalogue.variants:
        raise LabError(f"unknown variant '{config.variant}' (choose from {', '.join(catalogue.variants)})")
    fv = config.faction_variant
    if fv is not None and fv not in catalogue.faction_variants:
        raise LabError(f"unknown faction variant '{fv}' (choose from {', '.join(catalogue.faction_variants)})")
    try:
        check_player_count(catalogue, config.players, next(iter(config.automa or ()), None))
    except SetupError as err:
        raise LabError(str(err)) from None
    schedule = schedule_of(config, catalogue)
    ready = replace(config, faction_variant=fv, pool=schedule.pool, content_hash=catalogue.content_hash())
    try:  # one set-up now, so a bad layout or option is one line before any game is played
        _setup(catalogue, ready, schedule.game(0))
    except SetupError as err:
        raise LabError(str(err)) from None
    return ready, schedule


def schedule_of(config: RunConfig, catalogue: Catalogue) -> Schedule | SoloSchedule | FocusSchedule:
    """The run's seatings: balanced tables (the changed factions at every one), or the solo schedule of a run
    against the Automa."""
    homes = {f: catalogue.factions[f].home for f in catalogue.factions}
    focus = Focus.from_json(json.loads(config.focus) if config.focus else None)
    if focus.factions:
        return make_focus_schedule(config.seed, config.players, homes, focus.factions, config.pool)
    if config.automa is None:
        return make_schedule(config.seed, config.players, homes, config.pool)
    unknown = [c for c in config.automa if c not in catalogue.automa.factions]
    if unknown:
        raise LabError(f"unknown Automa faction card '{unknown[0]}' (choose {', '.join(sorted(catalogue.automa.factions))})")
    cards = {c: catalogue.factions[catalogue.automa.factions[c].faction].home for c in config.automa}
    return make_solo_schedule(config.seed, homes, cards, config.difficulty or (), config.pool)


def with_change(config: RunConfig, catalogue: Catalogue,
                describe: Callable[[Catalogue, Catalogue, list[Component]], list[dict]] | None = None) -> RunConfig:
    """The run measuring what the last --content folder changes (`catalogue` has them all): the changed
    components in every game, and the hash of the content without it, whose run is the baseline
    (`baseline_of`). `describe(before, after, components)` labels the change for the report. Unchanged
    when there is nothing to pair: no --content, a solo run, or content the same as without it."""
    if not config.overlays or config.automa is not None:
        return config
    base = engine_for(replace(config, overlays=config.overlays[:-1], content_hash="")).catalogue
    components = changed_components(base, catalogue)
    if not components:
        return config
    focus = focus_of(components, config.players)
    label = describe(base, catalogue, components) if describe else [{**asdict(c), "lines": []} for c in components]
    return replace(config, focus=json.dumps(focus.to_json(), sort_keys=True), base_hash=base.content_hash(),
                   change=json.dumps(label, sort_keys=True))


def run_fields(config: RunConfig) -> dict:
    return {"content": config.content_hash, "players": config.players, "bot": config.bot, "seed": config.seed,
            "options": config.options(), "pool": list(config.pool or ())}


# ------------------------------------------------------------------ one game, in any process

_ENGINES: dict[tuple[str, ...], Engine] = {}


def engine_for(config: RunConfig) -> Engine:
    """The engine of the run's content, built once per process; refuses content other than the run's."""
    engine = _ENGINES.get(config.overlays)
    if engine is None:
        overlays = _materialize(config) if config.files else config.overlays
        engine = _ENGINES[config.overlays] = Engine(default_catalogue(list(overlays)))
    if config.content_hash and engine.catalogue.content_hash() != config.content_hash:
        raise LabError(f"this worker's content (hash {engine.catalogue.content_hash()[:12]}) is not the run's "
                       f"({config.content_hash[:12]}): install the same gaia-rules everywhere")
    return engine


def _materialize(config: RunConfig) -> list[str]:
    """Write shipped overlay files under the temporary folder (once per content hash); their folders."""
    root = Path(tempfile.gettempdir()) / f"gaia-lab-{config.content_hash[:16]}"
    folders = []
    for layer, files in enumerate(config.files):
        folder = root / str(layer)
        for rel, data in files:
            target = folder / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists() or target.read_bytes() != data:
                target.write_bytes(data)
        folders.append(str(folder))
    return folders


def overlay_files(overlays: Sequence[str]) -> tuple:
    """Every file of each overlay folder (or the file itself), as (relative path, bytes), for shipping."""
    out = []
    for overlay in overlays:
        root = Path(overlay)
        paths = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        out.append(tuple((p.name if root.is_file() else p.relative_to(root).as_posix(), p.read_bytes())
                         for p in paths))
    return tuple(out)


def _setup(catalogue: Catalogue, config: RunConfig, spec):
    held = json.loads(config.fixed) if config.fixed else None
    focus = Focus.from_json(json.loads(config.focus) if config.focus else None)
    if focus.tiles:   # the deal of the content without the change, with the changed tiles forced in
        dealer = catalogue if config.is_baseline else engine_for(baseline_of(config)).catalogue
        deal = random_setup(dealer, config.players, spec.setup_seed, config.variant, config.layout,
                            factions=spec.factions, fixed=held)
        held = {**(held or {}), **forced_deal(deal, focus, catalogue, spec.setup_seed, held or {})}
    return random_setup(catalogue, config.players, spec.setup_seed, config.variant, config.layout,
                        factions=spec.factions, faction_variant=config.faction_variant,
                        fixed=held, automa=spec.automa, difficulty=spec.difficulty)


def play_one(config: RunConfig, schedule: Schedule, index: int) -> dict:
    """Play game `index` of the run; its line (an `error` line when the bots cannot finish it)."""
    engine = engine_for(config)
    spec = schedule.game(index)
    record = {**run_fields(config), "content_folders": list(config.overlays), "index": index,
              "setup_seed": spec.setup_seed, "factions": list(spec.factions)}
    if config.change:   # a measured change: what changed, as `gaia explain` shows it
        record["change"] = json.loads(config.change)
    if spec.automa is not None:   # the Automa's seat is named by its card, beside the player's faction
        record.update(factions=[*spec.factions, spec.automa], automa=spec.automa, difficulty=spec.difficulty)
    started = time.perf_counter()
    bots = [make_bot(config.bot, f"{config.seed}/{index}/{seat}") for seat in range(config.players)]
    try:
        state = play_game(engine, _setup(engine.catalogue, config, spec), bots)
    except BotGameError as err:
        return {**record, "error": str(err), "seconds": round(time.perf_counter() - started, 3)}
    vp = [p.vp for p in state.players]
    top, game = max(vp), Game(state, engine)
    record.update(vp=vp, sources=[game.score_groups(p) for p in range(len(vp))],
                  winners=[s for s, v in enumerate(vp) if v == top], moves=len(state.moves),
                  seconds=round(time.perf_counter() - started, 3))
    return record


def play_batch(config: RunConfig, indices: Sequence[int]) -> list[dict]:
    """Several games in one task (fewer round trips to a worker)."""
    schedule = _schedule_for(config)
    return [play_one(config, schedule, i) for i in indices]


_SCHEDULES: dict[RunConfig, Schedule] = {}


def _schedule_for(config: RunConfig) -> Schedule | SoloSchedule:
    if config not in _SCHEDULES:
        _SCHEDULES[config] = schedule_of(config, engine_for(config).catalogue)
    return _SCHEDULES[config]


# ------------------------------------------------------------------ a whole run

@dataclass
class Progress:
    """What a run has done so far (for the progress bar)."""

    total: int
    done: int
    new: int = 0
    started: float = field(default_factory=time.perf_counter)

    def rate(self) -> float:
        elapsed = time.perf_counter() - self.started
        return self.new / elapsed if elapsed > 0 else 0.0


def open_results(path: Path, config: RunConfig) -> ResultsFile | None:
    """The file's finished games, or None if there is no file; refuses a file of another run."""
    path = Path(path)
    if not path.exists():
        return None
    existing = read_results(path)
    mine = run_fields(config)
    for record in existing.records:
        if run_of(record) != mine:
            raise LabError(f"{path} holds games of another run ({describe_difference(run_of(record), mine)}); "
                           f"give the same arguments to resume, or another -o file")
    return existing


def batch_size(todo: int, workers: int, cap: int = 8) -> int:
    """Games per task: enough tasks to keep every worker busy to the end, at most `cap`."""
    return max(1, min(cap, math.ceil(todo / max(1, workers * 4))))


def batches(indices: Sequence[int], size: int) -> list[list[int]]:
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


def simulate(config: RunConfig, path: Path, games: int, workers: int = 1, scheduler: str | None = None,
             on_progress: Callable[[Progress], None] | None = None) -> Progress:
    """Play the games of 0..games-1 the file lacks, appending each line as its batch ends."""
    existing = open_results(path, config)
    done = existing.indices() if existing else set()
    todo = [i for i in range(games) if i not in done]
    progress = Progress(games, len(done & set(range(games))))
    client = None
    if scheduler and todo:  # reach the cluster before the file is touched
        client = connect(scheduler)
    try:
        appender = Appender(path, existing)
    except LabError:
        if client is not None:
            client.close()
        raise
    with appender as out:
        def take(records: list[dict]) -> None:
            out.write(records)
            progress.done += len(records)
            progress.new += len(records)
            if on_progress:
                on_progress(progress)

        if on_progress:
            on_progress(progress)
        if not todo:
            return progress
        if client is not None:
            cluster_config = RunConfig(**{**asdict(config), "files": overlay_files(config.overlays)})
            run_on_cluster(client, play_batch, cluster_config, batches(todo, batch_size(len(todo), 16, 16)), take)
        elif workers <= 1:
            schedule = _schedule_for(config)
            for i in todo:
                take([play_one(config, schedule, i)])
        else:
            run_local(config, batches(todo, batch_size(len(todo), workers)), workers, take)
    return progress


def run_local(config: RunConfig, tasks: Iterable[list[int]], workers: int, take: Callable[[list[dict]], None]) -> None:
    """Batches in worker processes, at most two per worker in flight; results as they come."""
    tasks = list(tasks)
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        running = set()
        queue = iter(tasks)
        for batch in queue:
            running.add(pool.submit(play_batch, config, batch))
            if len(running) >= 2 * workers:
                break
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                take(future.result())
                batch = next(queue, None)
                if batch is not None:
                    running.add(pool.submit(play_batch, config, batch))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def default_workers() -> int:
    return os.cpu_count() or 1
