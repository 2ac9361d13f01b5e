"""The bounds `gaia bench` judges its figures by: the targets of the issues, the reference run
that met them (docs/bench.md), and the comparison of a run with a baseline run as ratios."""
from __future__ import annotations

BENCHMARKS = ("load", "apply", "legal", "federation", "replay", "playout", "bots", "memory", "startup")

# the targets printed beside each figure: (section, key) -> (bound, "max" | "min")
TARGETS = {
    ("load", "s"): (0.5, "max"),
    ("apply", "median_us"): (100.0, "max"),
    ("legal", "median_ms"): (0.3, "max"),
    ("legal", "worst_ms"): (20.0, "max"),
    ("federation", "worst_ms"): (20.0, "max"),
    ("replay", "median_moves_per_s"): (10_000.0, "min"),
    ("playout", "4p"): (20.0, "min"),
    ("bots", "fast_mean_ms"): (20.0, "max"),
    ("memory", "peak_mb"): (50.0, "max"),
}

# The run the targets were met with (docs/bench.md). The bots figure comes from a run of
# `gaia bench --only bots` on the same machine and day (commit 9c240dc).
REFERENCE = {
    "commit": "19682aa",
    "date": "2026-12-03",
    "machine": "the project's first development machine (2 cores, Linux; its CPU model was not recorded)",
    "figures": {
        "load.s": 0.106,
        "apply.median_us": 35.8,
        "legal.median_ms": 0.126,
        "legal.worst_ms": 14.61,
        "federation.worst_ms": 12.55,
        "replay.median_moves_per_s": 12004,
        "playout.4p": 28.71,
        "bots.fast_mean_ms": 8.6,
        "memory.peak_mb": 1.45,
    },
}

# what a figure measures: a time or a size (less is better) or a rate (more is better)
RATES = {("replay", "median_moves_per_s"), ("playout", "4p")}
SIZES = {("memory", "peak_mb")}


def target_ratio(section: str, key: str) -> float:
    """The target as a ratio to the reference figure: the room the reference run had."""
    bound, _ = TARGETS[(section, key)]
    return round(bound / REFERENCE["figures"][f"{section}.{key}"], 2)


def _figure(results: dict, section: str, key: str):
    data = results.get(section)
    if data is None:
        return None
    if section == "replay" and key == "median_moves_per_s":
        return results.get("replay_median", {}).get("moves_per_s")
    if section == "playout":
        return data.get(key, {}).get("games_per_s")
    return data.get(key)


def compare(results: dict, baseline: dict, file: str = "") -> dict:
    """The headline figures (those with a target) as ratios to a baseline run, each target judged on its ratio.

    {"file", "machine", "same_machine", "change": {"section.key": {"then", "now", "ratio", "target_ratio",
    "met"}}}; `ratio` is now / then, so below 1 a time got shorter and a rate lower.
    """
    change = {}
    for (section, key), (_, kind) in TARGETS.items():
        now, then = _figure(results, section, key), _figure(baseline, section, key)
        if now is None or then is None:
            continue
        ratio = round(now / then, 3) if then else None
        allowed = target_ratio(section, key)
        met = None if ratio is None else (ratio <= allowed if kind == "max" else ratio >= allowed)
        change[f"{section}.{key}"] = {"then": then, "now": now, "ratio": ratio, "target_ratio": allowed, "met": met}
    theirs = baseline.get("machine") if isinstance(baseline.get("machine"), dict) else None
    ours = results.get("machine")
    same = None if theirs is None or not ours else theirs == ours
    return {"file": file, "machine": theirs, "same_machine": same, "change": change}


def change_text(section: str, key: str, ratio: float | None) -> str:
    """`1.32× faster`, `1.10× slower`, `1.05× larger`, or `same` (within 0.5%)."""
    if ratio is None or ratio <= 0:
        return ""
    if abs(ratio - 1) < 0.005:
        return "same"
    better = ratio > 1 if (section, key) in RATES else ratio < 1
    factor = ratio if ratio > 1 else 1 / ratio
    if (section, key) in SIZES:
        return f"{factor:.2f}× {'smaller' if better else 'larger'}"
    return f"{factor:.2f}× {'faster' if better else 'slower'}"
