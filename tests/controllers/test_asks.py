"""The one describer of an open request (controllers/asks.py): the question and the button
labels every app shows, pinned for every request kind; the Lab's round and the Play app's
game read the same for the same request."""
from __future__ import annotations

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.controllers.asks import ask_of, litter_holder
from aristofarsa.controllers.play import PlayController
from aristofarsa.controllers.session import RoundSession, SessionError
from aristofarsa.core import decisions as D
from aristofarsa.core.cards import convoke_total


def addressed(name, question):
    """The question as everyone's view shows it: the chooser's name first ("Ana, your …")."""
    if not question.split()[0].endswith("'s"):
        question = question[0].lower() + question[1:]
    return f"{name}, {question}"


def req(kind, player, card, owner, options, optional=False, prompt="", context=None):
    return D.Request(kind, player, card, "conspire", owner, options, optional, prompt, context)


# (request, question for its chooser, labels)
CASES = [
    (req(D.GARDEN, "Ana", None, "Ana", ["Rogue", "Knight"]),
     "Play a card into the Ball Garden (Phase 1).", ["Play Rogue (0)", "Play Knight (8)"]),
    (req(D.ACTION, "Ana", None, "Ana", ["conspire", "convoke"], context=["Servant", "Jester"]),
     "Your Phase 2 turn: Conspire (put a card on the Balcony) or Convoke (discard your whole "
     "hand for a Noble)?",
     ["Conspire (put a card on the Balcony)", "Convoke (Servant 3 + Jester 3 = 6: a Noble up to 6)"]),
    (req(D.CONSPIRE, "Ana", None, "Ana", ["Witch"]),
     "Which card do you Conspire (put on the Balcony)?", ["Put Witch (2) on the Balcony"]),
    (req(D.TAKE, "Ana", None, "Ana", ["Squire", "Bishop"], prompt="Convoke total 8: Nobles up to 8"),
     "Which Noble do you Convoke (take from your Parlor)? Convoke total 8: Nobles up to 8.",
     ["Take the Squire (5)", "Take the Bishop (7)"]),
    (req(D.TARGET, "Ana", "Witch", "Ana", ["Bruno", "Caio"]),
     "Your Witch: whose Garden card gets +5 or -5?", ["Bruno", "Caio"]),
    (req(D.TARGET, "Ana", "Damsel", "Ana", ["Bruno"]),
     "Your Damsel: whose Garden card swaps Prestige with yours?", ["Bruno"]),
    (req(D.TARGET, "Ana", "Merchant", "Ana", ["Bruno", "Ana"]),
     "Your Merchant: whose Garden card is doubled (your own is allowed)?", ["Bruno", "Ana (you)"]),
    (req(D.TARGET, "Ana", "Courtisan", "Ana", ["Bruno"]),
     "Your Courtisan: who must swap their Garden card for a card from their hand?", ["Bruno"]),
    (req(D.TARGET, "Ana", "Bishop", "Ana", ["Caio"]),
     "Your Bishop: whose Balcony card is cancelled?", ["Caio"]),
    (req(D.TARGET, "Ana", "Scribe", "Ana", ["Ana"]),
     "Your Scribe: whose Garden card gets -7 (your own is allowed)?", ["Ana (you)"]),
    (req(D.TARGET, "Ana", "Bard", "Ana", ["Bruno"]),
     "Your Bard: who reveals a card from their hand (its printed Prestige is added to your Bard)?",
     ["Bruno"]),
    (req(D.TARGET, "Ana", "Elder", "Ana", ["Bruno"]),
     "Your Elder copies your Garden card's Balcony effect: on whose card?", ["Bruno"]),
    (req(D.DELTA, "Ana", "Witch", "Ana", [-5, 5]),
     "Your Witch: +5 or -5 to the Garden card you chose?", ["-5", "+5"]),
    (req(D.DELTA, "Ana", "Elder", "Ana", [-5, 5]),
     "Your Elder (copying a Witch): +5 or -5 to the Garden card you chose?", ["-5", "+5"]),
    (req(D.REVEAL, "Ana", "Bard", "Bruno", ["Servant"]),
     "Bruno's Bard: reveal a card from your hand (it stays in your hand; its printed Prestige "
     "is added to the Bard).", ["Reveal Servant (1)"]),
    (req(D.DISCARD, "Ana", "Scribe", "Ana", ["Jester"]),
     "Your Scribe: you have drawn a card; now discard a card from your hand.", ["Discard Jester (3)"]),
    (req(D.DISCARD, "Ana", "Bard", "Ana", ["Jester"]),
     "Your Bard: discard a card from your hand (your Garden card gains its Prestige plus the "
     "Bard's 3).", ["Discard Jester (3)"]),
    (req(D.EXCHANGE, "Ana", "Squire", "Ana", ["Knight"], optional=True),
     "Your Squire: swap your Garden card for a card from your hand?",
     ["Swap in Knight (8)", "Keep your Garden card"]),
    (req(D.GIVE, "Ana", "Courtisan", "Bruno", ["Jester", "Witch"]),
     "Bruno's Courtisan makes you swap your Garden card: which card from your hand goes into "
     "the Garden?", ["Put Jester (3) into the Garden", "Put Witch (2) into the Garden"]),
    (req(D.PEEK, "Ana", "Oracle", "Ana", ["Bruno"], optional=True),
     "Your Oracle: peek at one face-down Balcony card before you act?",
     ["Peek at Bruno's card", "Don't peek"]),
    (req(D.ALSO_SCORE, "Ana", "Scribe", "Ana", ["Witch"], optional=True),
     "Your Scribe scores: also score a Peasant from your hand?",
     ["Score Witch (2) too", "Score nothing more"]),
    (req(D.KEEP, "Ana", "Oracle", "Ana", [["Knight", "Rogue", "Damsel", "Rogue"], 3]),
     "Your Oracle: which 3 cards do you keep? The others are discarded.",
     ["Keep Damsel, Knight, Rogue", "Keep Damsel, Rogue, Rogue", "Keep Knight, Rogue, Rogue"]),
]


@pytest.mark.parametrize("request_, question, labels", CASES,
                         ids=[f"{c[0].kind}-{c[0].card}" for c in CASES])
def test_every_kind_has_a_plain_question_and_labels(request_, question, labels):
    mine = ask_of(request_, you="Ana")
    assert mine.question == question
    assert mine.labels() == labels
    assert all(request_.legal(o.value) for o in mine.options)
    # everyone's view (the Lab) names the chooser first; the labels are the same
    table = ask_of(request_)
    assert table.question == addressed("Ana", question)
    assert table.labels() == labels
    assert ask_of(request_, you="Bruno") == table
    assert question.endswith((".", "?")) and question[0].isupper()


def test_the_litter_is_in_the_convoke_sum_of_its_holder_only():
    request = req(D.ACTION, "Ana", None, "Ana", ["conspire", "convoke"], context=["Servant", "Jester"])
    assert ask_of(request, "Ana", litter="Ana").labels()[1] == \
        "Convoke (Servant 3 + Jester 3 + Litter 2 = 8: a Noble up to 8)"
    assert ask_of(request, "Ana", litter="Bruno").labels()[1] == \
        "Convoke (Servant 3 + Jester 3 = 6: a Noble up to 6)"


def test_a_replayed_request_says_why_it_is_asked_again():
    request = req(D.TARGET, "Ana", "Witch", "Ana", ["Bruno"])
    request.replay = True
    assert ask_of(request, "Ana").question.endswith(
        "(Asked again: a Bishop's cancellation made the Balcony resolve again and the earlier "
        "answer is no longer allowed, B10.)")


def test_value_of_names_the_options():
    ask = ask_of(CASES[0][0])
    assert ask.value_of("Play Knight (8)") == "Knight"
    with pytest.raises(SessionError, match="options: Play Rogue"):
        ask.value_of("Knight")


def test_the_lab_round_counts_its_litter():
    """A round played by clicks: Bruno holds the Litter (P3), so his Convoke sum adds it."""
    session = RoundSession(scenario.load(SCENARIOS_DIR / "b1-balcony-one-by-one.toml"), written=False)
    while session.pending is not None and session.pending.kind != D.ACTION:
        session.answer(session.ask.options[0].value)
    ask = session.ask
    assert ask is not None and litter_holder(session.trace.events) == ask.player == "Bruno"
    hand = list(session.pending.context)
    assert ask.labels()[1].endswith(f" + Litter 2 = {convoke_total(hand, True)}: "
                                    f"a Noble up to {convoke_total(hand, True)})")


def test_play_and_the_lab_read_the_same_for_the_same_request():
    """The Play app describes its requests with the same describer: only the address differs
    (you, not your name), and a Convoke counts the Litter when you hold it."""
    state = PlayController.from_query("players=5&seed=1&expansion=1&human=1&bots=random")
    litter_convokes = 0
    for _ in range(300):
        if state.over:
            break
        decision = state.decision()
        request = state.session.pending
        holder = litter_holder(state.session.trace)
        assert decision == ask_of(request, "Ana", holder)
        table = ask_of(request, None, holder)
        assert table.labels() == decision.labels()
        assert table.question == addressed("Ana", decision.question)
        if decision.kind == D.ACTION and holder == "Ana" and "convoke" in request.options:
            litter_convokes += 1
            assert "+ Litter 2 = " in decision.labels()[-1]
        state.choose(len(decision.options) - 1)
    assert litter_convokes
