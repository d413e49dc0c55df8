"""Past one machine: a real Dask cluster (`dask scheduler` and `dask worker` processes on 127.0.0.1)
plays a sweep and a comparison bit-identically to the local process pool, also when a worker dies
in the middle of the run. Every server is bound to 127.0.0.1 and stopped by the test that started it."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import run_cli

distributed = pytest.importorskip("distributed", reason="Dask is an optional extra: pip install 'kozel-stats[dask]'")

pytestmark = pytest.mark.slow

VARY = ["--vary", "threshold=once,none", "--vary", "target=101,125"]
START_TIMEOUT = 120.0  # seconds a cold machine may take to start the scheduler and import the workers


def _until(condition, what: str, timeout: float = START_TIMEOUT) -> None:
    """Poll `condition` until it holds, failing with `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


class Cluster:
    """A scheduler and N single-threaded workers (no nanny: a killed worker stays dead), on 127.0.0.1."""

    def __init__(self, folder: Path, workers: int):
        self.file = folder / "scheduler.json"
        self.logs = folder
        self.processes: list[subprocess.Popen] = []
        self.scheduler = self._start(
            "scheduler", ["--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(self.file)]
        )
        _until(lambda: self.file.exists() and self.file.stat().st_size > 0, "the scheduler file")
        self.address = json.loads(self.file.read_text())["address"]
        assert self.address.startswith("tcp://127.0.0.1:")
        self.workers = [
            self._start(
                f"worker-{i}",
                [
                    self.address,
                    "--host",
                    "127.0.0.1",
                    "--nthreads",
                    "1",
                    "--no-nanny",
                    "--no-dashboard",
                    "--name",
                    f"w{i}",
                ],
                "worker",
            )
            for i in range(workers)
        ]
        from distributed import Client

        with Client(self.address, timeout="60s") as client:
            client.wait_for_workers(workers, timeout=START_TIMEOUT)

    def _start(self, name: str, args: list[str], command: str | None = None) -> subprocess.Popen:
        log = open(self.logs / f"{name}.log", "w")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(
            [sys.executable, "-m", "dask", command or name, *args],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.processes.append(process)
        return process

    def stop(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture
def cluster(tmp_path):
    c = Cluster(tmp_path, workers=2)
    yield c
    c.stop()


def stats_of(folder: Path) -> dict:
    return json.loads((folder / "stats.json").read_text())["stats"]


def test_a_sweep_and_a_compare_on_a_dask_cluster_are_bit_identical_to_a_local_run(cluster, tmp_path):
    sweep = ["sweep", "default", *VARY, "--games", "1200", "--seed", "4", "--batch-size", "200"]
    code, text = run_cli(*sweep, "--workers", "1", "--out", tmp_path / "local")
    assert code == 0, text
    code, text = run_cli(*sweep, "--scheduler", cluster.address, "--out", tmp_path / "dask")
    assert code == 0, text
    assert stats_of(tmp_path / "dask") == stats_of(tmp_path / "local")
    summary = json.loads((tmp_path / "dask" / "summary.json").read_text())
    assert summary["meta"]["backend"] == cluster.address

    compare = ["compare", "default", "threshold-25", "--games", "1500", "--seed", "4"]
    code, text = run_cli(*compare, "--workers", "1", "--out", tmp_path / "c-local")
    assert code == 0, text
    code, text = run_cli(*compare, "--scheduler", cluster.address, "--batch-size", "250", "--out", tmp_path / "c-dask")
    assert code == 0, text
    assert stats_of(tmp_path / "c-dask") == stats_of(tmp_path / "c-local")


def test_a_worker_that_dies_mid_run_has_its_batches_replayed_and_the_result_is_identical(cluster, tmp_path):
    from kozel_stats import sweep as S
    from kozel_stats.cluster import backend
    from kozel_stats.rules import load_variant

    base = load_variant("default")
    grid = S.build_grid(base, S.parse_vary(["threshold=once,none", "target=101,125"], base))
    local = S.run_sweep(grid, 3000, 8, ["random"], workers=1, batch_size=150).result.stats
    victim = cluster.workers[0]
    killed: list[int] = []

    def kill_once(_stats) -> None:  # after the first finished batch, while the others are in flight
        if not killed:
            victim.send_signal(signal.SIGKILL)
            victim.wait()
            killed.append(victim.pid)

    with backend(scheduler=cluster.address) as chosen:
        assert chosen.workers == 2
        remote = S.run_sweep(
            grid, 3000, 8, ["random"], workers=2, batch_size=150, executor=chosen.executor, on_batch=kill_once
        )
    assert killed and victim.poll() is not None  # the worker really died during the run
    assert not remote.result.interrupted and remote.result.games == 3000
    assert remote.result.stats.to_json() == local.to_json()


def test_a_local_dask_cluster_gives_the_same_bits(tmp_path):
    args = ["sweep", "default", *VARY, "--games", "800", "--seed", "6", "--batch-size", "200"]
    code, text = run_cli(*args, "--workers", "1", "--out", tmp_path / "local")
    assert code == 0, text
    code, text = run_cli(*args, "--cluster", "local:2", "--out", tmp_path / "lc")
    assert code == 0, text
    assert stats_of(tmp_path / "lc") == stats_of(tmp_path / "local")


def test_an_unreachable_scheduler_is_one_clear_error(tmp_path):
    import socket

    with socket.socket() as s:  # a port on 127.0.0.1 with nothing listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, text = run_cli("compare", "default", "--games", "100", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert code == 2 and "cannot reach the Dask scheduler" in text and "Traceback" not in text, text
    assert not list(tmp_path.iterdir())
