"""Measuring a change: the changed components in every game, each game paired by deal with a baseline game, and

Its slow tier: test_lab_change.py beside this file holds its fast tests and the helpers these use.
"""
from __future__ import annotations

import pytest

from gaia_rules.content import default_catalogue
from gaia_rules.lab.results import read_results
from gaia_rules.lab.simulate import RunConfig, prepare, simulate, with_change

from test_lab_change import make_change

pytestmark = pytest.mark.slow


def test_a_change_on_a_dask_cluster_gives_the_same_lines(tmp_path):
    """The changed run on a Dask cluster (its folder shipped to the worker, the deal dealt there with the content
    without the change) writes the lines of a local run."""
    from dask.distributed import LocalCluster

    change = make_change(tmp_path / "change")
    catalogue = default_catalogue([str(change)])
    config = prepare(with_change(RunConfig(2, "greedy", "dask", overlays=(str(change),)), catalogue), catalogue)[0]
    simulate(config, tmp_path / "local.jsonl", 2, workers=1)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        simulate(config, tmp_path / "dask.jsonl", 2, scheduler=cluster.scheduler_address)

    def lines(name):
        return sorted(({k: v for k, v in r.items() if k != "seconds"} for r in read_results(tmp_path / name).records),
                      key=lambda r: r["index"])

    assert lines("dask.jsonl") == lines("local.jsonl")
