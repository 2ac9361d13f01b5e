"""A run on a Dask distributed cluster: batches of games as tasks, lines streamed back as they finish.

Dask is an optional extra (`pip install -e '.[cluster]'`); it is imported here
only, and only when `gaia simulate --scheduler` is given (inside the functions
below, so that the lab runs without it). The overlay files travel with each task
(workers need only the same gaia-rules install), and a worker whose content
hashes differently refuses to play (simulate.engine_for). The lab's simulation
hands its batch function in: this module knows Dask, not how games are played.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from . import LabError


def connect(address: str, timeout: float = 20):
    """A Dask client of the scheduler at `address`; LabError (one line) without Dask or without an answer."""
    try:
        from dask.distributed import Client  # optional extra: imported only when a scheduler is given
    except ImportError:
        raise LabError("--scheduler needs Dask: pip install -e '.[cluster]'") from None
    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as err:
        raise LabError(f"cannot reach the Dask scheduler at {address}: {err}") from None


def run_on_cluster(client, play: Callable[[Any, list[int]], list[dict]], config: Any, tasks: Sequence[list[int]],
                   take: Callable[[list[dict]], None]) -> None:
    """Submit `play(config, batch)` for every batch; hand each batch's lines to `take` as it ends; close the client."""
    from dask.distributed import as_completed  # optional extra: `connect` made sure it is installed

    try:
        futures = [client.submit(play, config, batch, pure=False) for batch in tasks]
        try:
            for future in as_completed(futures):
                take(future.result())
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        client.close()
