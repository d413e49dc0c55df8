"""Past one machine: a real Dask cluster (`dask scheduler` and `dask worker` processes on 127.0.0.1)
plays a sweep and a comparison bit-identically to the local process pool, also when a worker dies
in the middle of the run. Every server is bound to 127.0.0.1 and stopped by the test that started it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import alive, children_of, run_cli

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
    from kozel_stats.answers import sweep as S
    from kozel_stats.play.cluster import backend
    from kozel_stats.rules.variants import load_variant

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


def test_an_atlas_on_a_dask_cluster_is_the_local_atlas(cluster, tmp_path):
    """Every comparison of the atlas (the expert's too), its skill run and its sweep play on the cluster, with the
    statistics of the local pool for the same seed; the pages are the same but for the backend."""
    atlas = ["atlas", "--only", "threshold-25", "--levels", "beginner,expert", "--games", "300"]
    atlas += ["--expert-games", "4", "--no-cards", "--lang", "en"]
    code, text = run_cli(*atlas, "--workers", "2", "--out", tmp_path / "local")  # the build's one shared pool
    assert code == 0, text
    code, text = run_cli(*atlas, "--scheduler", cluster.address, "--out", tmp_path / "dask")
    assert code == 0 and f"Dask cluster {cluster.address}" in text, text
    folders = ["threshold-25/beginner", "threshold-25/expert", "skill", "sweep"]
    for folder in folders:
        local, dask = tmp_path / "local/data" / folder, tmp_path / "dask/data" / folder
        assert stats_of(dask) == stats_of(local), folder
        assert json.loads((dask / "summary.json").read_text())["meta"]["backend"] == cluster.address, folder
        assert json.loads((local / "summary.json").read_text())["meta"]["backend"] == "local", folder
    for page in ("index.html", "q/threshold-25.html", "matters.html", "yard.html"):
        assert (tmp_path / "dask" / page).read_text() == (tmp_path / "local" / page).read_text(), page
    # a site already played needs no cluster: --resume of it plays nothing and reaches none
    code, text = run_cli(*atlas, "--resume", "--cluster", "local:2", "--out", tmp_path / "dask")
    assert code == 0 and "Dask" not in text, text


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
    # the atlas reaches its cluster before it writes anything: nothing is left to be --resumed
    site = tmp_path / "site"
    code, text = run_cli("atlas", "--out", site, "--only", "eggs-none", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert code == 2 and f"127.0.0.1:{port}" in text and "Traceback" not in text, text
    assert not site.exists()


# --- clusters that misbehave (issue 28): fake servers on 127.0.0.1, stopped by the test ------------------------------
class FakeServer:
    """A TCP server on 127.0.0.1 that accepts connections and then says `greeting` (b"": nothing, ever),
    or answers an HTTP request (http=True)."""

    def __init__(self, greeting: bytes = b"", http: bool = False):
        import socket
        import threading

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.greeting, self.http = greeting, http
        self.accepted = threading.Event()
        self.stopping = threading.Event()
        self.conns: list = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stopping.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.conns.append(conn)
            self.accepted.set()
            if self.greeting:
                conn.sendall(self.greeting)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(10)
        for conn in self.conns:
            conn.close()
        self.sock.close()


@pytest.fixture
def fake_server():
    servers: list[FakeServer] = []

    def start(**kwargs) -> FakeServer:
        servers.append(FakeServer(**kwargs))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


def test_a_scheduler_that_never_answers_times_out_with_one_clear_error(tmp_path, fake_server):
    server = fake_server()
    started = time.monotonic()
    code, text = run_cli(
        "compare", "default", "--games", "100", "--scheduler", server.address, "--connect-timeout", "1"
    )
    assert code == 2, text
    assert server.address in text and "no Dask handshake within 1 s" in text and "Traceback" not in text, text
    assert time.monotonic() - started < 60
    assert server.accepted.is_set()


@pytest.mark.parametrize(
    "greeting, words",
    [
        (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "answers in another protocol"),
        (b"", "no Dask handshake"),  # an HTTP server waits for the request: nothing comes
    ],
)
def test_an_address_that_is_not_a_dask_scheduler_is_one_clear_error(tmp_path, fake_server, greeting, words):
    server = fake_server(greeting=greeting)
    for command in (
        ["compare", "default", "--games", "100"],
        ["sweep", "default", "--vary", "target=101,125", "--games", "100"],
    ):
        code, text = run_cli(*command, "--scheduler", server.address, "--connect-timeout", "2", "--out", tmp_path / "o")
        assert code == 2, text
        assert server.address in text and "not a Dask scheduler" in text and words in text, text
        assert "internal error" not in text and "MemoryError" not in text and "Traceback" not in text, text
    assert not (tmp_path / "o" / "stats.json").exists()


def test_an_http_server_is_not_taken_for_a_scheduler(tmp_path):
    """A real HTTP server (it says nothing until asked)."""
    import http.server
    import threading

    httpd = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        address = f"tcp://127.0.0.1:{httpd.server_address[1]}"
        code, text = run_cli("compare", "default", "--games", "100", "--scheduler", address, "--connect-timeout", "1")
        assert code == 2 and address in text and "not a Dask scheduler" in text, text
        assert "MemoryError" not in text and "internal error" not in text, text
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(10)


def test_sigterm_ends_a_run_that_is_connecting(tmp_path, fake_server):
    server = fake_server()
    proc = subprocess.Popen(
        [sys.executable, "-m", "kozel_stats", "compare", "default", "--games", "100"]
        + ["--scheduler", server.address, "--connect-timeout", "600"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _until(lambda: server.accepted.is_set() or proc.poll() is not None, "the run to connect")
        assert proc.poll() is None
        proc.send_signal(signal.SIGTERM)
        stopped = time.monotonic()
        _, err = proc.communicate(timeout=120)
        assert time.monotonic() - stopped < 30, "SIGTERM was not acted on while connecting"
        assert proc.returncode == 2 and "interrupted (SIGTERM)" in err and "Traceback" not in err, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def test_ctrl_c_with_a_local_cluster_prints_only_the_message(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "kozel_stats", "compare", "default", "no-threshold", "--games", "5000000"]
        + ["--batch-size", "5000", "--cluster", "local:2", "--out", str(tmp_path / "run")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    try:
        stats = tmp_path / "run" / "stats.json"
        _until(lambda: stats.exists() or proc.poll() is not None, "the first checkpoint of the run", 600)
        assert proc.poll() is None
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches every process of the group, the workers too
        _, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 2, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert "interrupted (Ctrl-C)" in err, err
    assert not any(w in err for w in ("Traceback", "KeyboardInterrupt", "WARNING", "distributed.")), err
    assert len(lines) <= 8, err


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_kill_9_of_the_command_ends_its_local_cluster(tmp_path):
    args = ["compare", "default", "--bots", "sampler", "--games", "100000", "--batch-size", "2000"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "kozel_stats", *args, "--cluster", "local:2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    workers: list[int] = []
    try:
        _until(lambda: len(children_of(proc.pid)) >= 3 or proc.poll() is not None, "the cluster's workers")
        workers = children_of(proc.pid)
        assert proc.poll() is None
        proc.kill()
        proc.wait()
        _until(lambda: not any(alive(w) for w in workers), "the workers to end", timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pid in workers:  # never leave one behind, whatever the outcome
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_scheduler_lost_mid_run_is_one_clear_error_and_the_checkpoint_resumes(cluster, tmp_path):
    run = tmp_path / "run"
    proc = subprocess.Popen(
        [sys.executable, "-m", "kozel_stats", "compare", "default", "no-threshold", "--games", "3000000"]
        + ["--batch-size", "5000", "--scheduler", cluster.address, "--out", str(run)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _until(lambda: (run / "stats.json").exists() or proc.poll() is not None, "the first checkpoint", 600)
        assert proc.poll() is None
        cluster.scheduler.kill()
        cluster.scheduler.wait()
        _, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 2, err
    assert f"the Dask cluster at {cluster.address} was lost" in err and "--resume" in err, err
    assert "Traceback" not in err and "internal error" not in err and "distributed.client" not in err, err
    saved = json.loads((run / "stats.json").read_text())
    assert saved["stats"]["games"] > 0 and not saved["complete"]
    code, text = run_cli("compare", "--resume", run, "--games", saved["stats"]["games"] + 5000, "--workers", "1")
    assert code == 0, text
