"""Fuzzing the scenario loader: random and mutated TOML give a result or a clean exit-2 error."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.core.cards import CARDS

SOURCES = [p.read_text(encoding="utf-8") for p in sorted(SCENARIOS_DIR.glob("*.toml"))]
WORDS = list(CARDS) + ["Ana", "Bruno", "Caio", "Zed", "true", "false", "-5", "5", "0", "[]", "{}",
                       '""', "[[player]]", "[expect]", "garden", "conspire", "convoke", "hand",
                       "target", "=", '"', "\n", "999999999999999999999"]


def resolve_or_error(text: str) -> None:
    try:
        sc = scenario.loads(text, "fuzz.toml")
        result = scenario.run(sc, auto=True)
        result.to_json()
        scenario.check_expect(sc, result)
    except scenario.ScenarioError as exc:
        assert str(exc).startswith("fuzz.toml: ")


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_random_text(text):
    resolve_or_error(text)


@st.composite
def mutated(draw):
    src = draw(st.sampled_from(SOURCES))
    rng = random.Random(draw(st.integers(0, 2**32)))
    lines = src.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        op = rng.randrange(5)
        i = rng.randrange(len(lines))
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            words = lines[i].split(" ")
            words[rng.randrange(len(words))] = rng.choice(WORDS)
            lines[i] = " ".join(words)
        elif op == 3 and lines[i]:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + chr(rng.randrange(32, 127)) + lines[i][j + 1:]
        else:
            for name in CARDS:
                if name in lines[i]:
                    lines[i] = lines[i].replace(name, rng.choice(list(CARDS)), 1)
                    break
    return "\n".join(lines)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_scenarios(text):
    resolve_or_error(text)


def test_cli_on_mutants_never_tracebacks(tmp_path, run_cli):
    rng = random.Random(7)
    for k in range(25):
        src = rng.choice(SOURCES).split("\n")
        del src[rng.randrange(len(src))]
        path = tmp_path / f"m{k}.toml"
        path.write_text("\n".join(src), encoding="utf-8")
        proc = run_cli("resolve", path, "--json")
        assert proc.returncode in (0, 2), proc.stderr
        assert "Traceback" not in proc.stderr
        if proc.returncode == 2:
            assert str(path) in proc.stderr and proc.stdout == ""
