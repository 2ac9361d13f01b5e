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


def connect(address: str, timeout: float = 20):
    """A Dask client of the scheduler at `address`; LabError (one line) without Dask or without an answer."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise LabError("--scheduler needs Dask: pip install -e '.[cluster]'") from None
    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as err:
        raise LabError(f"cannot reach the Dask scheduler at {address}: {err}") from None


def run_on_cluster(client, config: RunConfig, tasks: Sequence[list[int]], take: Callable[[list[dict]], None]) -> None:
    """Submit every batch to the cluster; hand each batch's lines to `take` as it ends; close the client."""
    from dask.distributed import as_completed

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
