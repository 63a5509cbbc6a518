"""The pool of preheated kernels mends itself, on the shared default server (one waiting kernel
per app): a kernel killed while it waits is shut down and replaced, and the app it waited for
serves its next visitor from the pool (``cli/voila_fixes.watch_pool_entry``; the rules without a
server are in tests/test_serve_pool.py). Kernels talk to the server over local sockets, never
over TCP ports another process could take first (``--KernelManager.transport=ipc``)."""
from __future__ import annotations

import json
import os
import signal
import stat
import time

import psutil
import pytest

from aristofarsa.cli.apps import APPS
from aristofarsa.core.messages import Msg

from .conftest import Server

pytestmark = pytest.mark.browser

TIMEOUT = 120


def _connection_file(pid: int) -> str:
    """The connection file a kernel's command line names (``.../kernel-<id>.json``)."""
    return next(part for part in psutil.Process(pid).cmdline() if part.endswith(".json"))


def _kernel_id(pid: int) -> str:
    return os.path.basename(_connection_file(pid))[len("kernel-"):-len(".json")]


def _connection(pid: int) -> dict:
    with open(_connection_file(pid), encoding="utf-8") as handle:
        return json.load(handle)


def _socket_files(connection: dict) -> list[str]:
    """The local socket file of each of a kernel's five channels."""
    return [f"{connection['ip']}-{connection[channel + '_port']}"
            for channel in ("shell", "iopub", "stdin", "control", "hb")]


def test_kernels_talk_over_local_sockets(app_server: str, shared_server: Server) -> None:
    """A TCP port Jupyter picks for a kernel is free when picked, and the kernel binds it a
    moment later: under load another process took one in between, and that kernel died at
    its start (``Address already in use``). A local socket's name is the kernel's own."""
    waiting = shared_server.wait_for_pool(len(APPS), TIMEOUT)
    for pid in waiting:
        connection = _connection(pid)
        assert connection["transport"] == "ipc"
        for file in _socket_files(connection):
            assert stat.S_ISSOCK(os.stat(file).st_mode)


def test_a_pooled_kernel_killed_while_waiting_is_replaced(app_server: str, shared_server: Server,
                                                          page) -> None:
    waiting = shared_server.wait_for_pool(len(APPS), TIMEOUT)
    victim = min(waiting)
    kernel_id = _kernel_id(victim)
    files = _socket_files(_connection(victim))
    lines = {str(Msg("serve-log.pool-kernel-lost", {"kernel": kernel_id, "notebook": f"{name}.ipynb"})):
             name for name, _title in APPS}
    os.kill(victim, signal.SIGKILL)

    deadline = time.monotonic() + TIMEOUT
    while not (said := [name for line, name in lines.items() if line in shared_server.log_tail(200)]):
        assert time.monotonic() < deadline, \
            f"the server never said its kernel {kernel_id} was lost:\n{shared_server.log_tail(60)}"
        time.sleep(0.5)
    # the dead kernel's restarted process (Jupyter's restarter) is shut down, not left running
    assert shared_server.wait_kernel_gone(kernel_id, TIMEOUT), shared_server.log_tail(60)
    deadline = time.monotonic() + TIMEOUT       # and its socket files are cleaned up
    while left := [f for f in files if os.path.exists(f)]:
        assert time.monotonic() < deadline, f"the lost kernel's files remain: {left}"
        time.sleep(0.5)
    again = shared_server.wait_for_pool(len(APPS), TIMEOUT)
    assert victim not in again
    # the app it waited for takes its next visitor's page from the pool
    shared_server.open_preheated(page, f"voila/render/{said[0]}.ipynb", len(APPS), TIMEOUT)
    shared_server.wait_for_pool(len(APPS), TIMEOUT)       # and the pool fills again for the next test
