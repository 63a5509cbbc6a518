"""`scenario.problems`: every independent problem at once, each worded as `loads` words it,
the first being the one `loads` raises; never an exception of its own (mutated lessons)."""
from hypothesis import HealthCheck, given, settings

from aristofarsa import SCENARIOS_DIR, scenario
from tests.test_fuzz_loader import mutated


def _first_error(text: str) -> str | None:
    try:
        scenario.loads(text, "fuzz.toml")
    except scenario.ScenarioError as exc:
        return str(exc)
    return None


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_problems_of_mutated_lessons(text: str) -> None:
    found = scenario.problems(text, "fuzz.toml")
    assert (found[0] if found else None) == _first_error(text)
    assert len(set(found)) == len(found)
    assert all(m.startswith("fuzz.toml: ") for m in found)


def test_each_players_mistake_is_its_own_problem() -> None:
    text = (SCENARIOS_DIR / "b13-bishop-chain.toml").read_text(encoding="utf-8")
    blocks = text.split("[[player]]")
    bad = blocks[0] + "[[player]]" + blocks[1].replace('name = "Ana"', 'name = "Ana"\nhat = 1', 1)
    bad += "[[player]]" + blocks[2].replace('garden = "', 'garden = "Nobody', 1)
    bad += "".join("[[player]]" + b for b in blocks[3:])
    found = scenario.problems(bad, "f.toml")
    assert len(found) == 2, found
    assert "player 'Ana': unknown key `hat`" in found[0]
    assert "player 'Bruno': `garden`: 'Nobody" in found[1]
