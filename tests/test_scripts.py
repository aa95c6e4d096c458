"""Every duel script under tests/scripts (and the shared public scenarios,
when ../shared is beside the project) passes; ``manaburn script`` refuses
hostile or malformed files with a FAIL line and goes on with the others."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from bot.cli import main
from engine.script_file import load_script
from engine.scripts import run_script

HERE = Path(__file__).parent
SCRIPTS = sorted((HERE / "scripts").rglob("*.yaml"))
SHARED = HERE.parent.parent / "shared" / "scenarios"
if SHARED.is_dir():
    SCRIPTS += sorted(SHARED.glob("*.yaml"))


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_script(path: Path) -> None:
    doc = load_script(path.read_bytes())
    res = run_script(doc)
    assert res.passed, res.reason
    # replaying the answers rebuilds the same duel
    if res.duel is not None and not res.duel.history[-1:] == [(0, "concede")]:
        again = res.duel.fresh().replay(res.duel.history)
        assert again.state_hash() == res.duel.state_hash()


# ------------------------------------------------------ hostile files

GOOD = """\
name: a good script
setup:
  active: alice
  phase: main
  players:
    alice: {hand: [Forest]}
    bob: {}
steps:
  - alice: play Forest
  - expect:
      alice: {battlefield: [Forest]}
"""


def billion_laughs(levels: int = 9) -> str:
    """Nine levels of nine aliases: about 400 bytes for 9**9 strings."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, cur in zip("abcdefgh", "bcdefghi"[:levels - 1]):
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\nname: laughs\nsetup: {players: {alice: {}, bob: {}}}\nsteps: [*i]\n"


def run_cli(tmp_path: Path, files: dict[str, str | bytes], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    for name, content in files.items():
        p = tmp_path / name
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content, encoding="utf-8")
    rc = main(["script", str(tmp_path)])
    return rc, capsys.readouterr().out.splitlines()


HOSTILE: dict[str, tuple[str | bytes, str]] = {
    "laughs": (billion_laughs(), "too big: more than 100,000 YAML values once aliases are expanded"),
    "recursive": ("name: r\nsteps: &a [*a]\n", "an alias inside what it names"),
    "deep": ("name: d\nsteps: " + "[" * 50_000 + "]" * 50_000 + "\n", "nested more than 40 levels deep"),
    "deep-mapping": ("name: d\nsetup: " + "{a: " * 2000 + "1" + "}" * 2000 + "\n", "nested more than 40 levels"),
    "long-int": ("name: n\nsetup:\n  turn: " + "9" * 5000 + "\n", "a number of 5,000 characters"),
    "big-life": ("name: n\nsetup:\n  players:\n    alice: {life: 99999999999999}\n    bob: {}\n",
                 "setup.players.alice.life must be between"),
    "float-life": ("name: n\nsetup:\n  players:\n    alice: {life: 1.0e+400}\n    bob: {}\n",
                   "setup.players.alice.life must be a whole number, not float inf"),
    "bool-life": ("name: n\nsetup:\n  players:\n    alice: {life: yes}\n    bob: {}\n",
                  "YAML reads yes/no/on/off as true/false"),
    "players-list": ("name: n\nsetup:\n  players: [alice, bob]\n", "setup.players must be a mapping"),
    "steps-number": ("name: n\nsteps: 5\n", "steps must be a list, not int 5"),
    "hand-text": ("name: n\nsetup:\n  players:\n    alice: {hand: Forest}\n    bob: {}\n",
                  "setup.players.alice.hand must be a list"),
    "expect-list": ("name: n\nsetup:\n  players: {alice: {}, bob: {}}\nsteps:\n  - expect: {alice: {life: [1]}}\n",
                    "step 1 (expect) alice.life must be a whole number, not a list"),
    "step-list": ("name: n\nsteps:\n  - [alice, pass]\n", "step 1: a step is `resolve` or one `key: value`"),
    "not-a-mapping": ("- just\n- a list\n", "the script must be a mapping"),
    "latin-1": ("name: café\n".encode("latin-1"), "not UTF-8 text (byte 0xe9 at offset 9)"),
    "binary": (bytes(range(256)) * 4, "a binary file, not a duel script"),
    "control-chars": (b"name: \x07bell\n", "cannot read YAML"),
    "too-big": ("name: n\n# " + "x" * (1 << 20) + "\n", "too big: over 1,048,576 bytes"),
    "bad-yaml": ("name: [unclosed\n", "cannot read YAML"),
    "counter-kind": ("name: n\nsetup:\n  players:\n    alice:\n      battlefield:\n        - name: Grizzly Bears\n"
                     "          counters:\n            ? '+" + "9" * 5000 + "/+1'\n            : 1\n    bob: {}\n",
                     "is not a kind of counter"),
    "counter-digits": ("name: n\nsetup:\n  players:\n    alice: {battlefield: [{name: Grizzly Bears, counters: "
                       "{'+\u0663/+1': 1}}]}\n    bob: {}\n", "is not a kind of counter"),
    "long-step": ("name: n\nsteps:\n  - alice: choose " + "x, " * 10_000 + "\n",
                  "step 1 (alice): a step of 30,006 characters (at most 10,000)"),
}


def test_hostile_files_fail_alone_and_the_batch_goes_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files: dict[str, str | bytes] = {f"{k}.yaml": v for k, (v, _) in HOSTILE.items()}
    files["zz-good.yaml"] = GOOD
    rc, out = run_cli(tmp_path, files, capsys)
    assert rc == 1
    assert out[-1] == f"1 passed, {len(HOSTILE)} failed"
    assert "PASS a good script" in out
    for k, (_, reason) in HOSTILE.items():
        line = next(x for x in out if x.startswith(f"FAIL {k}.yaml: "))
        assert reason in line, line
        assert len(line) < 400


def test_a_billion_laughs_costs_no_memory(tmp_path: Path) -> None:
    """The file alone, in a process whose memory is capped at 500 MB (it took
    2.9 GB before): refused quickly, without a traceback."""
    (tmp_path / "laughs.yaml").write_text(billion_laughs())
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (500 << 20, 500 << 20)); "
            "from bot.cli import main; sys.exit(main(['script', sys.argv[1]]))")
    res = subprocess.run([sys.executable, "-c", code, str(tmp_path / "laughs.yaml")],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 1, res.stderr
    assert "Traceback" not in res.stderr
    assert res.stdout.splitlines() == [
        "FAIL laughs.yaml: too big: more than 100,000 YAML values once aliases are expanded (line 6)",
        "0 passed, 1 failed"]


def test_aliases_that_stay_small_are_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = textwrap.dedent("""\
        name: aliases are YAML too
        setup:
          active: alice
          players:
            alice: {hand: &cards [Forest, Island], library: *cards}
            bob: {hand: *cards}
        steps:
          - expect:
              alice: {hand: *cards, library_count: 2}
              bob: {hand: *cards}
        """)
    rc, out = run_cli(tmp_path, {"a.yaml": script}, capsys)
    assert out == ["PASS aliases are YAML too", "1 passed, 0 failed"]


UNKNOWN_KEYS = {
    "setup": ("setup:\n  activ: alice\n  players: {alice: {}, bob: {}}\n", "setup: unknown key 'activ'"),
    "player": ("setup:\n  players: {alice: {lifes: 3}, bob: {}}\n", "setup.players.alice: unknown key 'lifes'"),
    "permanent": ("setup:\n  players: {alice: {battlefield: [{name: Forest, taped: true}]}, bob: {}}\n",
                  "setup.players.alice.battlefield[1]: unknown key 'taped'"),
    "seed": ("setup: {seed: 1, names: [a, b], decks: {a: [], b: []}, options: {antee: true}}\n",
             "setup.options: unknown key 'antee'"),
    "top": ("step:\n  - alice: pass\n", "the script: unknown key 'step'"),
    "expect-player": ("setup:\n  players: {alice: {}, bob: {}}\nsteps:\n  - expect: {alice: {lfe: 20}}\n",
                      "step 1 (expect) alice: unknown key 'lfe'"),
    "expect-permanent": ("setup:\n  players: {alice: {battlefield: [Forest]}, bob: {}}\nsteps:\n"
                         "  - expect: {permanents: {Forest: {taped: false}}}\n",
                         "step 1 (expect) permanents.Forest: unknown key 'taped'"),
    "expect-missing-permanent": ("setup:\n  players: {alice: {}, bob: {}}\nsteps:\n"
                                 "  - expect: {permanents: {Forest: {taped: false}}}\n",
                                 "step 1 (expect) permanents.Forest: unknown key 'taped'"),
    "expect-duel": ("setup:\n  players: {alice: {}, bob: {}}\nsteps:\n  - expect: {duel: {winer: alice}}\n",
                    "step 1 (expect) duel: unknown key 'winer'"),
}


@pytest.mark.parametrize("case", UNKNOWN_KEYS)
def test_unknown_keys_are_refused(case: str) -> None:
    text, reason = UNKNOWN_KEYS[case]
    res = run_script(yaml.safe_load("name: t\n" + text))  # run_script checks the keys of any document
    assert not res.passed
    assert reason in res.reason, res.reason


# --------------------------------------- steps that name what does not exist

NAMES_SETUP = {"active": "alice", "phase": "main",
               "players": {"alice": {"hand": ["Lightning Bolt", "Counterspell", "Counterspell"],
                                     "battlefield": ["Mountain", "Island", "Island", "Grizzly Bears"]},
                           "bob": {"battlefield": ["Grizzly Bears", "Grizzly Bears"]}}}

NOWHERE = {
    "cast Counterspell#3": "there is no Counterspell#3: the duel has only 2 Counterspell",
    "cast Lightning Bolt -> Grizzly Bears#4": "there is no Grizzly Bears#4: the duel has only 3 Grizzly Bears",
    "cast Lightning Bolt -> Grizzly Bears#2@alice": "there is no Grizzly Bears#2@alice: alice has only 1",
    "cast Lightning Bolt -> carol": "no card or player named 'carol' (the players are alice and bob)",
    "cast Lightning Bolt -> Grizzly Bears@carol": "no player named 'carol' (the players are alice and bob)",
    "cast Lightning Bolt -> Grizzly Bear": "no card or player named 'Grizzly Bear' (the players are alice and bob); "
                                           "did you mean Grizzly Bears",
    "cast Lightning Bolt -> bob pay=Mountian": "no card or player named 'Mountian'",
    "cast Lightning Bolt -> Grizzly Bears#99999999": "too large",
    "activate Mishra's Factory": "there is no Mishra's Factory in the duel",
    "tap Forest for G": "there is no Forest in the duel",
    "attack Grizzly Bears, Serra Angel": "there is no Serra Angel in the duel",
    "block Grizzly Bears with Wall of Stone": "there is no Wall of Stone in the duel",
    "frobnicate Grizzly Bears": "unknown verb 'frobnicate' (the verbs are play, cast, activate,",
    "target bob": "unknown verb 'target'",
}


@pytest.mark.parametrize("action", NOWHERE)
def test_a_step_naming_what_does_not_exist_fails_there(action: str) -> None:
    res = run_script({"name": "t", "setup": NAMES_SETUP, "steps": [{"alice": action}]})
    assert not res.passed
    assert res.reason.startswith(f"step 1 (alice: {action}): "), res.reason
    assert NOWHERE[action] in res.reason, res.reason
    assert res.duel is not None and res.duel.history == []  # the duel did not run on


@pytest.mark.parametrize("step, reason", [
    ({"carol": "pass"}, "step 1 (carol: pass): no player named 'carol'"),
    ({"until": "carol upkeep"}, "step 1 (until: carol upkeep): no player named 'carol'"),
    ({"illegal": "alice: frobnicate"}, "step 1 (illegal: alice: frobnicate): unknown verb 'frobnicate'"),
])
def test_unknown_players_and_verbs_fail_at_their_step(step: dict[str, str], reason: str) -> None:
    res = run_script({"name": "t", "setup": NAMES_SETUP, "steps": [step]})
    assert not res.passed and res.reason.startswith(reason), res.reason


@pytest.mark.parametrize("setup, reason", [
    ({"active": "carol", "players": {"alice": {}, "bob": {}}},
     "setup: active: no player named 'carol' (the players are alice and bob)"),
    ({"players": {"alice": {"battlefield": [{"name": "Forest", "owner": "carol"}]}, "bob": {}}},
     "setup: alice: Forest: owner: no player named 'carol'"),
])
def test_unknown_players_in_setup(setup: dict[str, object], reason: str) -> None:
    res = run_script({"name": "t", "setup": setup, "steps": []})
    assert not res.passed and res.reason.startswith(reason), res.reason


def test_mana_pool_names_restricted_mana_by_its_symbol() -> None:
    """The contract's Expectations: ``mana_pool`` lists restricted mana by its
    symbol, order ignored (Mishra's Workshop: ``CCC``); the extension
    ``+CCC(artifact spells)`` also checks what it may be spent on."""
    def check(pool: str) -> str | None:
        doc = {"name": "pool", "setup": {"active": "alice", "phase": "main", "players": {
            "alice": {"battlefield": ["Mishra's Workshop", "Forest"]}, "bob": {}}},
            "steps": [{"alice": "tap Mishra's Workshop for C"}, {"alice": "tap Forest for G"},
                      {"expect": {"alice": {"mana_pool": pool}}}]}
        res = run_script(doc)
        return None if res.passed else res.reason
    assert check("CCCG") is None
    assert check("GCCC") is None
    assert check("G+CCC(artifact spells)") is None
    assert "is 'GCCC', expected 'GCCCC'" in (check("CCCCG") or "")
    assert "expected 'G+CCC(summon spells)'" in (check("G+CCC(summon spells)") or "")
