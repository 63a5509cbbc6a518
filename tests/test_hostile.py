"""Hostile and careless input through the command line and the Python API (issue 9).

Every case ends with exit 2, no traceback and a message naming the thing at fault; each
CLI run has a timeout (a hang fails the test) and a memory cap (RLIMIT_AS), so reading a
device or a bomb until memory runs out fails too.
"""
from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.core import files
from aristofarsa.games import records

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = SCENARIOS_DIR / "example-merchant-crowns-aristocrat.toml"
MEMORY = 600 * 2**20  # bytes of address space a command may use


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def cli(*args: str, cwd: str | Path | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "aristofarsa.cli", *args], capture_output=True,
                          text=True, timeout=timeout, env=env, cwd=cwd, preexec_fn=_limit_memory)


NOBODY = 65534  # the unprivileged user and group of Debian and most Linux systems


def cli_unprivileged(*args: str) -> subprocess.CompletedProcess:
    """The command as a user who is not root: root reads every file, so a test of an
    unreadable file runs the command in a forked child that first drops to ``nobody``
    (as an ordinary user, as itself). The child runs the command in-process (no exec: the
    interpreter and the package are already loaded), so it needs no access to where
    Python is installed."""
    from aristofarsa.cli import main
    if os.geteuid() != 0:
        return cli(*args)
    with open(os.devnull, "w") as quiet:  # load every lazy import of the command first
        saved, sys.stderr, sys.stdout = (sys.stderr, sys.stdout), quiet, quiet
        try:
            main([*args[:-1], str(EXAMPLE if "crowns" not in args[-2] else ROOT / "pyproject.toml")])
        except SystemExit:
            pass
        finally:
            sys.stderr, sys.stdout = saved
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root, run the command, report its exit code
        code = 70
        try:
            os.close(out_r)
            os.close(err_r)
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            sys.stdout = open(out_w, "w", closefd=False)
            sys.stderr = open(err_w, "w", closefd=False)
            try:
                code = main(list(args))
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 2
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # a crash of the test's own machinery: show it
            import traceback
            os.write(err_w, traceback.format_exc().encode())
        finally:
            os._exit(code)
    os.close(out_w)
    os.close(err_w)
    with open(out_r) as out, open(err_r) as err:
        stdout, stderr = out.read(), err.read()
    _, status = os.waitpid(pid, 0)
    return subprocess.CompletedProcess(["aristofarsa", *args], os.waitstatus_to_exitcode(status),
                                       stdout, stderr)


def refused(proc: subprocess.CompletedProcess, *needles: str) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stdout[-500:], proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    for needle in needles:
        assert needle in proc.stderr, (needle, proc.stderr[-2000:])
    assert len(proc.stderr) < 3000, proc.stderr[:500]


def good_text() -> str:
    return EXAMPLE.read_text(encoding="utf-8")


# ------------------------------------------------------------ 1. only regular files
@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    return path


FILE_COMMANDS = [
    (["resolve"], "scenario file"),
    (["check"], "scenario file"),
    (["replay"], "record"),
    (["cards", "--crowns"], "crowns file"),
    (["resolve", str(EXAMPLE), "--crowns"], "crowns file"),
]


@pytest.mark.parametrize("command,what", FILE_COMMANDS)
def test_fifo_is_refused_at_once(command, what, fifo):
    refused(cli(*command, str(fifo), timeout=30), str(fifo), "FIFO", what)


@pytest.mark.parametrize("command,what", FILE_COMMANDS)
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_device_is_refused_at_once(command, what, device):
    refused(cli(*command, device, timeout=30), device, "a device", what)


@pytest.mark.parametrize("command,what", [c for c in FILE_COMMANDS if c[0] != ["check"]])
def test_folder_is_refused(command, what, tmp_path):
    refused(cli(*command, str(tmp_path)), str(tmp_path), "folder")


@pytest.mark.parametrize("command,what", FILE_COMMANDS)
def test_too_large_file_is_refused_before_reading(command, what, tmp_path):
    path = tmp_path / "big.toml"
    with open(path, "wb") as f:  # sparse: large on paper, cheap on disk
        f.truncate(50 * files.MAX_RECORD_BYTES)
    refused(cli(*command, str(path)), str(path), "bytes", "at most")


@pytest.mark.parametrize("command,what", FILE_COMMANDS)
def test_missing_and_unreadable_files(command, what, tmp_path):
    proc = cli(*command, str(tmp_path / "nope.toml"))
    refused(proc, "nope.toml")
    assert "No such file" in proc.stderr or "no such file or folder" in proc.stderr
    shared = Path(tempfile.mkdtemp())  # below /tmp itself: every user may reach the file
    try:
        shared.chmod(0o755)
        locked = shared / "locked.toml"
        locked.write_text("x = 1")
        locked.chmod(0)
        refused(cli_unprivileged(*command, str(locked)), "locked.toml", "cannot read",
                "Permission denied")
    finally:
        shutil.rmtree(shared)


@pytest.mark.parametrize("command,what", FILE_COMMANDS)
def test_a_file_in_a_folder_one_cannot_enter(command, what):
    """A path through a folder the user may not enter is refused with the reader's message,
    not a traceback (``Path.is_dir()`` raises PermissionError there)."""
    shared = Path(tempfile.mkdtemp())
    try:
        shared.chmod(0o755)
        (shared / "locked").mkdir()
        inside = shared / "locked" / "round.toml"
        inside.write_text("x = 1")
        (shared / "locked").chmod(0)
        proc = cli_unprivileged(*command, str(inside))
        refused(proc, "round.toml", "Permission denied")
        assert "Traceback" not in proc.stderr
    finally:
        (shared / "locked").chmod(0o755)
        shutil.rmtree(shared)


def test_symlink_loop_is_refused(tmp_path):
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    refused(cli("resolve", str(loop)), "loop.toml", "cannot read the file", "symbolic links")


def test_safe_reader_api(tmp_path, fifo):
    for path, needle in ((fifo, "FIFO"), ("/dev/zero", "device"), (tmp_path, "folder")):
        with pytest.raises(files.FileInputError, match=needle):
            files.read_text(path, files.SCENARIO_FILE)
    with pytest.raises(ValueError, match="at most 10 bytes"):  # FileInputError is a ValueError
        files.check_text_size("x" * 11, "upload.toml", files.SCENARIO_FILE, max_bytes=10)
    with pytest.raises(files.FileInputError, match="upload.toml: is 5 bytes; a scenario file may be at most"):
        files.decode_text(b"12345", "upload.toml", files.SCENARIO_FILE, max_bytes=4)
    assert files.decode_text(b"\xef\xbb\xbfa = 1", "u.toml") == "a = 1"


# ------------------------------------------------------------ 2. parsers within limits
def test_deep_toml_nesting(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("title = " + "[" * 50_000 + "]" * 50_000)
    refused(cli("resolve", str(path)), "deep.toml", "nested too deep")
    path.write_text("a = " + "{b = " * 3000 + "1" + "}" * 3000)
    refused(cli("check", str(path)), "deep.toml", "nested too deep")
    path.write_text("title = " + "[" * 40 + "]" * 40)  # parses, but deeper than a scenario needs
    refused(cli("resolve", str(path)), "deep.toml", "line 1", "nested too deep (at most 32 levels)")


def test_deep_json_record(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    refused(cli("replay", str(path)), "deep.json", "nested too deep")


def test_integer_with_thousands_of_digits(tmp_path):
    path = tmp_path / "long.toml"
    path.write_text(f'title = "x"\nseed = {"9" * 5000}\n')
    refused(cli("resolve", str(path)), "long.toml", "line 2", "a number of 5,000 digits",
            "at most 64")                                # refused before the TOML reader runs
    path.write_text(f'seed = 0x{"f" * 5000}\n' + good_text())  # hex too
    refused(cli("resolve", str(path)), "long.toml", "line 1", "a number of 5,002 digits")
    path.write_text(f'seed = 0x{"f" * 60}\n' + good_text())    # converts: too large, said short
    refused(cli("resolve", str(path)), "long.toml", "`seed`", "below 2**63", "…")
    path = tmp_path / "long.json"
    path.write_text('{"version": 1, "seed": ' + "9" * 5000 + "}")
    refused(cli("replay", str(path)), "long.json", "thousands of digits")


def test_huge_but_convertible_numbers_are_cut_in_messages(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text("seed = " + "9" * 4000 + "\n" + good_text())   # past the parser's 64 digits
    refused(cli("resolve", str(path)), "big.toml", "line 1", "a number of 4,000 digits")
    path.write_text("seed = " + "9" * 64 + "\n" + good_text())     # within them: the validator
    refused(cli("resolve", str(path)), "big.toml", "`seed`", "below 2**63")
    path.write_text(good_text().replace("delta = -5", "delta = 0x" + "f" * 60))
    refused(cli("resolve", str(path)), "big.toml", "delta", "…", "allowed: -5, +5")


def test_utf8_bom_is_accepted(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + good_text().encode("utf-8"))
    proc = cli("resolve", str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["winners"]
    sc = scenario.loads("\ufeff" + good_text(), "bom.toml")
    assert sc.players


def test_utf16_and_invalid_utf8(tmp_path):
    path = tmp_path / "u16.toml"
    path.write_bytes(good_text().encode("utf-16"))
    refused(cli("resolve", str(path)), "u16.toml", "UTF-16", "UTF-8")
    path = tmp_path / "bad.toml"
    path.write_bytes(b'title = "ok"\ndescription = "caf\xe9"\n')
    refused(cli("resolve", str(path)), "bad.toml", "line 2", "not a text file", "0xe9")
    path.write_bytes(b'title = "ok"\n\x00\n')
    refused(cli("check", str(path)), "bad.toml", "NUL")


def test_json_nan_and_lone_surrogates(tmp_path):
    path = tmp_path / "nan.json"
    path.write_text('{"version": 1, "seed": NaN}')
    refused(cli("replay", str(path)), "nan.json", "NaN")
    path.write_text('{"version": 1, "names": ["\\ud800"]}')
    refused(cli("replay", str(path)), "nan.json", "surrogate")


#: Issue 12: one dotted key of 31 998 parts costs tomllib half a minute of CPU (quadratic),
#: and its share code is a link of about 140 characters.
KEY_BOMB = "a" + ".a" * 31_997 + " = 1\n"


def test_a_share_link_with_a_dotted_key_bomb_is_refused_unparsed():
    from aristofarsa.controllers.dispute import DisputeController
    from aristofarsa.controllers.lab import LabController
    from aristofarsa.scenario import share

    code = share.encode(KEY_BOMB)
    assert len(code) < 200                               # a short link does it
    with pytest.raises(scenario.ScenarioError, match="a key of more than 8 dotted parts"):
        share.load(code, "link")
    for controller in (DisputeController, LabController):
        app = controller.from_query(f"scenario={code}")
        assert "link: line 1: a key of more than 8 dotted parts (a.a.a.a" in app.error
        assert "at most 8" in app.error
    refused(cli("share", "--decode", code, timeout=20), "a key of more than 8 dotted parts")


def test_dotted_keys_in_files_headers_and_inline_tables(tmp_path):
    path = tmp_path / "keys.toml"
    for bomb in (KEY_BOMB, "[" + "b." * 20 + "c]\n", 'x = {' + ".".join(['"q.q"'] * 9) + " = 1}\n"):
        path.write_text(bomb + good_text())
        refused(cli("check", str(path)), "keys.toml", "line 1", "dotted parts")
    # dots inside strings, floats and times are not key parts: the example still loads
    text = good_text() + 'z = ["a.b.c.d.e.f.g.h.i.j", 1.5, 1979-05-27T07:32:00.999]\n'
    with pytest.raises(scenario.ScenarioError) as info:
        scenario.loads(text, "ok.toml")
    assert "dotted parts" not in str(info.value)         # only the validator's unknown key `z`
    files.check_key_parts("a.b.c.d.e.f.g.h = 1\n[a . \"b.c\" . c]\n")   # 8 parts: allowed


def test_the_apps_refuse_a_pasted_text_over_the_upload_limit():
    from aristofarsa.controllers.dispute import MAX_UPLOAD_BYTES, DisputeController
    from aristofarsa.controllers.lab import LabController

    pasted = good_text() + "#" * 1_000_000
    for app in (DisputeController(), LabController()):
        assert app.open_toml(pasted, "pasted scenario") is False
        assert app.error == (f"pasted scenario: is {len(pasted.encode()):,} bytes; a scenario "
                             f"file may be at most {MAX_UPLOAD_BYTES:,} bytes")
        assert app.open_toml(good_text(), "pasted scenario") is True      # the next paste works


# ------------------------------------------------------------ 4. names that cannot forge output
def with_name(text: str, old: str, new: str) -> str:
    return text.replace(f'name = "{old}"', f"name = {json.dumps(new)}")


@pytest.mark.parametrize("name,needle", [
    ("Ana\nWinner: Eve", "control character"), ("An\ra", "control character"),
    ("\x1b[31mAna", "control character"), ("Ana\u202e", "control character"),
    ("A|na", "Markdown or HTML"), ("<b>Ana</b>", "Markdown or HTML"), ("A" * 41, "at most 40"),
])
def test_player_names_that_could_forge_output(name, needle, tmp_path):
    path = tmp_path / "names.toml"
    path.write_text(with_name(good_text(), "Ana", name), encoding="utf-8")
    proc = cli("resolve", str(path))
    refused(proc, "names.toml", "[[player]] number", needle)
    assert "\x1b" not in proc.stderr and "\nWinner" not in proc.stderr and "\r" not in proc.stderr


@pytest.mark.parametrize("key,value,needle", [
    ("title", "Round\n=====\nFAKE", "control character"), ("title", "x\x1b[2J", "control character"),
    ("title", "t" * 201, "at most 200"), ("description", "ok\x07", "control character"),
])
def test_titles_and_descriptions(key, value, needle, tmp_path):
    path = tmp_path / "t.toml"
    body = "\n".join(line for line in good_text().splitlines() if not line.startswith(f"{key} ="))
    path.write_text(f"{key} = {json.dumps(value)}\n" + body, encoding="utf-8")
    proc = cli("resolve", str(path))
    refused(proc, "t.toml", f"`{key}`", needle)
    assert "\x1b" not in proc.stderr and "\x07" not in proc.stderr


def test_markdown_output_escapes_title_and_description(tmp_path):
    path = tmp_path / "md.toml"
    body = "\n".join(line for line in good_text().splitlines()
                     if not line.startswith(("title =", "description =")))
    path.write_text('title = "<script>x</script> | y"\ndescription = "a <img src=x> b"\n' + body,
                    encoding="utf-8")
    proc = cli("resolve", str(path), "--markdown")
    assert proc.returncode == 0, proc.stderr
    assert "<script>" not in proc.stdout and "<img" not in proc.stdout
    assert "&lt;script&gt;" in proc.stdout and "\\|" in proc.stdout


def test_long_values_are_cut_in_messages(tmp_path):
    path = tmp_path / "long.toml"
    text = good_text().replace('garden = "', 'garden = "' + "Q" * 100_000, 1)
    path.write_text(text, encoding="utf-8")
    proc = cli("resolve", str(path))
    refused(proc, "long.toml", "is not a card name", "…")
    path.write_text(f'{"k" * 100_000} = 1\n' + good_text(), encoding="utf-8")
    refused(cli("resolve", str(path)), "long.toml", "unknown key", "…")


# ------------------------------------------------------------ 5. records verified
@pytest.fixture(scope="module")
def record() -> dict:
    from aristofarsa.games.game import play_game
    # seed chosen so that the labels' tests diverge (a Witch may target its own card with
    # witch-own); scripts/regenerate_seeded.py lists this test when the deals change
    return records.to_record(play_game(3, 1, ["random"] * 3, trace=False))


def replay_refused(tmp_path, data, *needles: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    refused(cli("replay", str(path)), str(path), *needles)
    with pytest.raises(records.RecordError):
        records.replay(data, trace=False)


def test_untouched_record_replays(record, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    proc = cli("replay", str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ranking"] == record["result"]["ranking"]


def test_record_without_or_with_a_wrong_result(record, tmp_path):
    replay_refused(tmp_path, {k: v for k, v in record.items() if k != "result"}, "missing field 'result'")
    replay_refused(tmp_path, {**record, "result": {**record["result"], "rounds": 99}},
                   "differs from the record", "rounds")
    replay_refused(tmp_path, {**record, "result": {**record["result"], "ranking": [["Ana"]]}},
                   "result must be", "every player once")


def test_record_labels_that_do_not_match(record, tmp_path):
    replay_refused(tmp_path, {**record, "bots": ["greedy", "random", "random"]},
                   "does not match the record's bots", "greedy bot", "`bots`")
    replay_refused(tmp_path, {**record, "variants": ["witch-own"]}, "`variants`")


def test_record_names_differing_only_in_case(record, tmp_path):
    replay_refused(tmp_path, {**record, "names": ["Ana", "ana", "Caio"]}, "ignoring case")
    replay_refused(tmp_path, {**record, "names": ["Ana\x1b[2J", "Bruno", "Caio"]}, "control character")


def test_changed_seed_is_named(record, tmp_path):
    replay_refused(tmp_path, {**record, "seed": 100}, "diverges", "changed `seed` is the likely cause")


def test_recorded_values_of_the_wrong_type(record, tmp_path):
    decisions = [dict(d) for d in record["decisions"]]
    k = next(i for i, d in enumerate(decisions) if isinstance(d["value"], str))
    decisions[k]["value"] = [decisions[k]["value"]]
    replay_refused(tmp_path, {**record, "decisions": decisions}, "is not legal here")


# ------------------------------------------------------------ 6. bounded resources
def test_simulate_workers_capped_by_cpus(monkeypatch):
    from aristofarsa.games import simulate as sim
    seen = []
    monkeypatch.setattr(sim, "_run_pool", lambda chunks, workers, sink: seen.append(workers)
                        or sim._run_serial(chunks, sink))
    stats = sim.simulate(40, 3, workers=10_000, chunk_size=5)
    assert stats.games == 40
    assert seen and seen[0] <= sim.cpu_count()


def test_simulate_refuses_negative_seed_and_huge_counts():
    refused(cli("simulate", "--games", "1", "--players", "3", "--seed", "-1"), "--seed", ">= 0")
    refused(cli("simulate", "--games", str(10**15), "--players", "3"), "--games", "10,000,000")
    from aristofarsa.games.simulate import simulate
    with pytest.raises(ValueError, match="seed must be at least 0"):
        simulate(1, 3, seed=-1)


def test_simulate_unreachable_scheduler_is_said_fast():
    pytest.importorskip("distributed")
    import socket
    with socket.socket() as s:  # a port on which, once closed, nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = cli("simulate", "--games", "1", "--players", "3", "--scheduler", f"tcp://127.0.0.1:{port}",
               timeout=60)
    refused(proc, f"tcp://127.0.0.1:{port}", "nothing is listening there")
    refused(cli("simulate", "--games", "1", "--players", "3", "--scheduler", "no:where:here"),
            "not a scheduler address", "tcp://HOST:PORT")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_simulate_with_one_line(workers):
    import signal
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    def interruptible() -> None:
        # a shell that ignores SIGINT (a background job, nohup, some CI runners) passes that
        # on, and Python then never raises KeyboardInterrupt: give the command the
        # disposition of a terminal (and the signal unblocked), whatever this test was started from
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    proc = subprocess.Popen([sys.executable, "-m", "aristofarsa.cli", "simulate", "--players", "4",
                             "--games", "1000000", "--workers", workers], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, start_new_session=True,
                            preexec_fn=interruptible)
    try:
        seen = b""
        while b"simulate" not in seen:  # the progress bar is up: the games are running
            chunk = os.read(proc.stderr.fileno(), 4096)
            assert chunk, "simulate ended before it could be interrupted"
            seen += chunk
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal sends: every process
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    err_text = (seen + err).decode()
    assert proc.returncode == 130, err_text[-2000:]
    assert "Traceback" not in err_text and "KeyboardInterrupt" not in err_text, err_text[-2000:]
    assert err_text.count("interrupted") == 1 and out == b""


# ------------------------------------------------------------ 7. check that checked nothing
def test_check_that_checks_nothing_fails(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    refused(cli("check", str(empty)), str(empty), "without scenario files", "nothing was checked")
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "README.md").write_text("no scenarios here")
    refused(cli("check", str(notes)), str(notes), "without scenario files")
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    refused(cli("check", str(loop)), str(loop), "symbolic links")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "self").symlink_to(inner)  # a folder loop inside is not followed
    (inner / "bad.toml").symlink_to(inner / "bad.toml")
    proc = cli("check", str(inner))
    refused(proc, "INVALID", "bad.toml", "symbolic links")
    assert "0 passed, 0 failed, 1 invalid" in proc.stdout


def test_check_prints_paths_as_given(tmp_path):
    (tmp_path / "r.toml").write_text(good_text(), encoding="utf-8")
    proc = cli("check", "r.toml", cwd=tmp_path)
    assert proc.returncode == 0 and "PASS r.toml" in proc.stdout, proc.stdout + proc.stderr
    proc = cli("check", "-q", cwd=ROOT)
    assert proc.returncode == 0
    proc = cli("check", cwd=ROOT)
    assert "PASS aristofarsa/scenarios/" in proc.stdout and str(ROOT) not in proc.stdout


def test_check_never_passes_what_resolve_cannot_run(tmp_path):
    text = good_text().replace("delta = -5", "delta = -5.0")
    assert text != good_text()
    path = tmp_path / "float.toml"
    path.write_text(text, encoding="utf-8")
    refused(cli("check", str(path)), "INVALID", "`conspire.delta` must be a whole number", "-5.0")
    refused(cli("resolve", str(path)), "`conspire.delta` must be a whole number")


# ------------------------------------------------------------ 3. every value type-checked
@pytest.mark.parametrize("old,new,needles", [
    ("delta = -5", "delta = -5.0", ["player 'Ana'", "`conspire.delta` must be a whole number", "-5.0"]),
    ('target = "Caio", delta', 'target = ["Caio"], delta', ["`conspire.target` must be a player's name",
                                                           "['Caio']"]),
    ('name = "Bruno"', 'name = ["Bruno"]', ["[[player]] number 2 needs a `name` (text)"]),
    ('rulings = ["M4", "P2"', 'rulings = [["B5"], "P2"',
     ["`rulings` must be a list of ruling IDs (text); ['B5'] is not text"]),
    ('winners = ["Caio"]', "winners = 5", ["[expect]: `winners` must be a list of player names, not 5"]),
    ('winners = ["Caio"]', 'winners = [["Caio"]]', ["`winners` must be a list of player names"]),
    ("lowest_wins = false", 'lowest_wins = "no"', ["`lowest_wins` must be true or false"]),
    ('hand = ["Jester"]', "hand = [1979-05-27]", ["`hand`", "is not a card name"]),
    ('conspire = { card = "Witch"', 'conspire = { card = 7', ["`conspire.card`: 7 is not a card name"]),
])
def test_values_of_the_wrong_type(old, new, needles, tmp_path):
    text = good_text()
    assert old in text, old
    path = tmp_path / "typed.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(scenario.ScenarioError) as info:
        scenario.load(path)
    for needle in needles:
        assert needle in str(info.value)
    check = cli("check", str(path))  # check never passes what resolve refuses
    refused(check, "INVALID", *needles)
    refused(cli("resolve", str(path), "--json"), *needles)


# ------------------------------------------------------------ 8. app query numbers (issue 12)
@pytest.mark.parametrize("app, query, message", [
    ("learn", "seed=" + "9" * 5000, "seed must be below 2**63, got a number of 5,000 digits"),
    ("exiled", "seed=" + "9" * 4301, "seed must be below 2**63, got a number of 4,301 digits"),
    ("learn", "seed=9223372036854775808", "seed must be below 2**63, got 9223372036854775808"),
    ("exiled", "seed=" + "x" * 5000, "seed must be a whole number >= 0, got 'xxxxxxxx"),
])
def test_an_over_long_query_number_is_a_message(app, query, message):
    from aristofarsa.controllers.exiled import ExiledController
    from aristofarsa.controllers.learn import LearnController

    state = {"learn": LearnController, "exiled": ExiledController}[app].from_query(query)
    assert len(state.errors) == 1 and state.errors[0].startswith(message), state.errors
    assert len(state.errors[0]) < 200
    assert LearnController.from_query("seed=9223372036854775807").errors == []


@pytest.mark.parametrize("value, low, high, message", [
    ("9" * 5000, 3, 6, "players must be 3 to 6, got a number of 5,000 digits"),
    ("1" * 4400, 0, 4, "players must be 0 to 4, got a number of 4,400 digits"),
    ("0007", 3, 6, "players must be 3 to 6, got 7"),
])
def test_play_query_numbers_use_the_same_reader(value, low, high, message):
    from aristofarsa.controllers import play
    from aristofarsa.controllers.query import QueryError, whole

    assert play.whole is whole                       # ?players= and ?human= are read by it
    with pytest.raises(QueryError) as info:
        whole(value, "players", low, high)
    assert str(info.value) == message
    assert whole("0004", "players", 3, 6) == 4
