"""In the browser's Python (the static site's Pyodide kernel) a widget trait set back to None
must reach the page: the kernel's comm turns None into JavaScript's ``undefined`` and the
message's JSON drops the key, so ``widgets.common.send_none_as_null`` sends JSON null."""
from __future__ import annotations

import types

import pytest

ipw = pytest.importorskip("ipywidgets")

from aristofarsa.widgets.common import send_none_as_null  # noqa: E402

JSNULL = object()      # stands in for pyodide.ffi.jsnull


def _kernel_modules() -> tuple[dict[str, types.ModuleType], list[tuple]]:
    """Stand-ins for ``pyodide.ffi`` and the Pyodide kernel's ``pyodide_kernel.comm``, whose
    ``Comm.publish_msg`` records what it was given."""
    sent: list[tuple] = []

    class Comm:
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            sent.append((msg_type, data, metadata, buffers, keys))

    return ({"pyodide.ffi": types.SimpleNamespace(jsnull=JSNULL),
             "pyodide_kernel.comm": types.SimpleNamespace(Comm=Comm)}, sent)


def test_every_none_of_a_message_is_sent_as_null_once_patched() -> None:
    modules, sent = _kernel_modules()
    assert send_none_as_null(modules) is True
    assert send_none_as_null(modules) is True                       # once: not wrapped twice
    comm = modules["pyodide_kernel.comm"].Comm()
    state = {"method": "update", "state": {"display": None, "width": "auto",
                                           "children": [None, "IPY_MODEL_x"]}, "buffer_paths": []}
    comm.publish_msg("comm_msg", data=state, metadata={"version": "2"}, buffers=[b"x"], comm_id="c")
    msg_type, data, metadata, buffers, keys = sent[0]
    assert (msg_type, metadata, buffers, keys) == ("comm_msg", {"version": "2"}, [b"x"], {"comm_id": "c"})
    assert data["state"]["display"] is JSNULL and data["state"]["children"] == [JSNULL, "IPY_MODEL_x"]
    assert data["state"]["width"] == "auto" and state["state"]["display"] is None   # a copy
    comm.publish_msg("comm_close")
    assert sent[1][1] is None                                        # no data stays no data
    assert len(sent) == 2


def test_outside_the_browser_or_without_the_kernel_nothing_changes() -> None:
    assert send_none_as_null() is False                             # CPython: not in a browser
    assert send_none_as_null({"pyodide.ffi": types.SimpleNamespace(jsnull=JSNULL)}) is False
