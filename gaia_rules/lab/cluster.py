"""A run on a Dask distributed cluster: batches of games as tasks, lines streamed back as they finish.

Dask is an optional extra (`pip install -e '.[cluster]'`); it is imported here
only, and only when `gaia simulate --scheduler` is given. The overlay files
travel with each task (workers need only the same gaia-rules install), and a
worker whose content hashes differently refuses to play (simulate.engine_for).
"""
from __future__ import annotations

from typing import Callable, Sequence

from . import LabError
from .simulate import RunConfig, play_batch


def run_on_cluster(address: str, config: RunConfig, tasks: Sequence[list[int]],
                   take: Callable[[list[dict]], None], timeout: float = 20) -> None:
    """Submit every batch to the scheduler at `address`; hand each batch's lines to `take` as it ends."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise LabError("--scheduler needs Dask: pip install -e '.[cluster]'") from None
    try:
        client = Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as err:
        raise LabError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    try:
        futures = [client.submit(play_batch, config, batch, pure=False) for batch in tasks]
        try:
            for future in as_completed(futures):
                take(future.result())
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        client.close()
