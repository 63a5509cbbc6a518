"""LabController: lessons, share links and uploads open rounds; bad input is a message."""
from __future__ import annotations

from aristofarsa.controllers.lab import LabController
from aristofarsa.controllers.sources import MAX_UPLOAD_BYTES, lesson_choices


def test_lesson_by_query_opens_that_round() -> None:
    lab = LabController.from_query("?lesson=b13-bishop-chain")
    assert lab.error == "" and lab.stepper is not None
    assert lab.result is not None and lab.result.winners == ["Dora"]
    assert lab.builder.names == ["Ana", "Bruno", "Caio", "Dora"]


def test_share_link_round_trips() -> None:
    lab = LabController.from_query("lesson=b13-bishop-chain")
    link = lab.share_link("http://127.0.0.1:8866")
    assert link is not None and link.startswith("http://127.0.0.1:8866/voila/render/lab.ipynb?scenario=")
    again = LabController.from_query(link.split("?", 1)[1])
    assert again.error == "" and again.result is not None
    assert [e.text for e in again.result.trace] == [e.text for e in lab.result.trace]


def test_bad_inputs_are_messages_never_exceptions() -> None:
    for query in ("lesson=nope", "scenario=abc", "scenario=%ff", "lesson=../../etc/passwd",
                  "scenario=" + "A" * 9000):
        lab = LabController.from_query(query)
        assert lab.error, query
        assert lab.stepper is not None      # the default round is still there to explore
    assert "no bundled lesson named 'nope'" in LabController.from_query("lesson=nope").error


def test_uploads_are_checked_like_files() -> None:
    lab = LabController()
    assert not lab.open_upload(b"\xff\xfe\x00", "x.toml")
    assert lab.error == "x.toml: is UTF-16 text; a scenario file is UTF-8 text (save it as UTF-8)"
    assert not lab.open_upload(b"title = \"caf\xe9\"", "latin1.toml")   # resolve's reader's words
    assert lab.error.startswith("latin1.toml: line 1: not a text file (byte 0xe9 is not UTF-8)")
    assert not lab.open_upload(b"title = 1", "y.toml")
    assert lab.error == "y.toml: `title` must be text, not 1"
    assert not lab.open_upload(b"x" * (MAX_UPLOAD_BYTES + 1), "big.toml")
    assert lab.error == (f"big.toml: is {MAX_UPLOAD_BYTES + 1:,} bytes; "
                         f"a scenario file may be at most {MAX_UPLOAD_BYTES:,} bytes")
    assert lab.stepper is not None and lab.result is not None   # the round on screen stays
    name, data = LabController.from_query("lesson=b13-bishop-chain").download()
    assert name.endswith(".toml")
    assert lab.open_upload(data, name) and lab.error == ""
    assert lab.result is not None and lab.result.winners == ["Dora"]


def test_invalid_round_has_no_stepper_until_fixed() -> None:
    lab = LabController()
    lab.builder.set_choice(0, "conspire", "target", None)
    assert not lab.edited() and lab.stepper is None and lab.share_link() is None
    lab.builder.set_choice(0, "conspire", "target", "Bruno")
    assert lab.edited() and lab.stepper is not None


def test_viewer_survives_and_gallery_lists_lessons() -> None:
    lab = LabController.from_query("lesson=b13-bishop-chain")
    lab.set_viewer("Bruno")
    assert lab.stepper is not None and lab.stepper.viewer == "Bruno"
    assert len(lesson_choices()) >= 100 and any(name == "b13-bishop-chain" for _, name in lesson_choices())


def test_share_query_is_relative_to_the_page_and_opens_the_same_round() -> None:
    from urllib.parse import urljoin

    from aristofarsa.controllers.dispute import DisputeController

    lab = LabController.from_query("lesson=b13-bishop-chain")
    query = lab.share_query()
    assert query is not None and query.startswith("?scenario=")
    # behind Binder: https, a base URL and the notebooks/ folder, all kept by the browser
    page = "https://hub.example.org/user/ana-x1/voila/render/notebooks/lab.ipynb?lesson=b13-bishop-chain"
    assert urljoin(page, query) == page.split("?")[0] + query
    again = LabController.from_query(query)
    assert again.result is not None and again.result.winners == lab.result.winners
    dispute = DisputeController.from_query("lesson=b13-bishop-chain")
    assert dispute.share_query() == f"?scenario={dispute.share_code()}"   # one way to write the link


def test_page_address_from_what_voila_tells_the_kernel() -> None:
    from aristofarsa.controllers.sources import page_address

    assert page_address({}) == ""                                         # not under Voila
    local = {"SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/lab.ipynb"}
    assert page_address(local) == "http://127.0.0.1:8866/voila/render/lab.ipynb"
    binder = {"SERVER_NAME": "hub.example.org", "SERVER_PORT": "", "HTTP_X_FORWARDED_PROTO": "https",
              "SCRIPT_NAME": "/user/ana-x1/voila/render/notebooks/dispute.ipynb"}
    assert page_address(binder) == "https://hub.example.org/user/ana-x1/voila/render/notebooks/dispute.ipynb"
    assert page_address({**binder, "SERVER_PORT": "443"}).startswith("https://hub.example.org/user/")
    assert page_address({"SERVER_NAME": "::1", "SERVER_PORT": "80"}) == "http://[::1]"


def test_download_name_keeps_whole_words() -> None:
    from aristofarsa.controllers.lab import file_stem
    assert file_stem("A Bishop's chain: Dora wins!") == "a-bishop-s-chain-dora-wins"
    long = "The Witch lowers the card that would have won, and the most recent wins"
    stem = file_stem(long)
    assert len(stem) <= 48 and long.lower().replace(",", "").replace(" ", "-").startswith(stem)
    assert stem == "the-witch-lowers-the-card-that-would-have-won"   # no word cut in half
    assert file_stem("***") == "scenario"
    assert file_stem("x" * 80) == "x" * 48
