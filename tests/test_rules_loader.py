"""The variant loader: shipped files, `extends`, and one clear message per kind of bad input."""

import pytest

from kozel_stats.rules.variants import (
    DEFAULTS,
    KNOBS,
    VariantError,
    load_variant,
    load_variants,
    shipped_dir,
    shipped_names,
    with_rules,
)

REQUIRED = {
    "default",
    "fish-to-fisherman",
    "fish-writes-all",
    "fish-writes-difference",
    "threshold-every-deal",
    "no-threshold",
    "specials-plain",
    "specials-per-pair",
    "eggs-both",
    "eggs-none",
    "target-100",
    "target-125",
    "lead-lowest-double",
    "lead-66",
    "next-lead-fish-winner",
    "next-lead-round-robin",
    "olympic",
    "article-house",
    "morskoy",
}


def test_shipped_variants_load_and_state_their_origin():
    assert set(shipped_names()) >= REQUIRED
    for name in shipped_names():
        v = load_variant(name)
        assert v.name == name and v.description and v.source
        if name != "default":
            assert v.extends in shipped_names(), f"{name} extends a shipped variant"
            assert v.differences(load_variant(v.extends)), f"{name} changes nothing"


def test_default_is_every_knob_at_its_default():
    assert load_variant("default").rule_dict == DEFAULTS
    assert [k for k, _ in load_variant("default").rules] == [k.name for k in KNOBS]


# R-001-olympic, R-003-house
def test_rule_sets_of_the_other_texts():
    olympic = load_variant("olympic")
    assert olympic["threshold_value"] == 25 and olympic["fish_writes"] == "all"
    assert olympic["eggs"] == "both-sides" and olympic["lone_00"] == 10 and olympic["general"]
    assert olympic["redeal_doubles"] == 6 and olympic["next_lead"] == "winners-choose"
    house = load_variant("article-house")
    assert house["specials"] == "plain" and house["eggs"] == "none" and not house["two_doubles"]


def test_hash_depends_on_rules_only(tmp_path):
    (tmp_path / "same.yaml").write_text(
        "name: same\ndescription: d\nsource: s\nextends: default\nrules: {target: 101}\n"
    )
    assert load_variant(tmp_path / "same.yaml").content_hash == load_variant("default").content_hash
    assert load_variant("target-125").content_hash != load_variant("default").content_hash


def write(tmp_path, name, text):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return path


HEAD = "description: d\nsource: s\n"


@pytest.mark.parametrize(
    "body, words",
    [
        ("rules:\n  fish_winer: fisherman\n", ["unknown key 'rules.fish_winer'", "fish_winner"]),
        ("rules:\n  target: '101'\n", ["'target'", "'101'", "integer from 1"]),
        ("rules:\n  target: 0\n", ["'target'", "0", "integer from 1 to"]),
        ("rules:\n  two_doubles: 1\n", ["'two_doubles'", "true or false"]),
        ("rules:\n  eggs: all\n", ["'eggs'", "'all'", "one-side, both-sides, none"]),
        ("rules:\n  first_lead: double-12\n", ["'first_lead'", "double-NN"]),
        ("colour: red\n", ["unknown key 'colour'"]),
        ("extends: nowhere\n", ["'extends'", "'nowhere'", "default"]),
        ("rules: [1, 2]\n", ["'rules' must be a mapping"]),
        ("rules:\n  target: [1\n", ["YAML syntax error at line"]),
    ],
)
def test_bad_input_is_named(tmp_path, body, words):
    path = write(tmp_path, "bad", "name: bad\n" + HEAD + body)
    with pytest.raises(VariantError) as info:
        load_variant(path)
    message = str(info.value)
    assert str(path) in message
    for word in words:
        assert word in message, (word, message)


def test_missing_fields_and_files(tmp_path):
    with pytest.raises(VariantError, match="missing key 'source'"):
        load_variant(write(tmp_path, "x", "name: x\ndescription: d\n"))
    with pytest.raises(VariantError, match="must equal the file name"):
        load_variant(write(tmp_path, "y", "name: z\n" + HEAD))
    with pytest.raises(VariantError, match="no such variant file"):
        load_variant(tmp_path / "absent.yaml")
    with pytest.raises(VariantError, match="unknown variant"):
        load_variant("no-such-variant")
    (tmp_path / "empty").mkdir()
    with pytest.raises(VariantError, match="holds no variant files"):
        load_variants([str(tmp_path / "empty")])


def test_cyclic_extends(tmp_path):
    write(tmp_path, "a", "name: a\n" + HEAD + "extends: b\n")
    write(tmp_path, "b", "name: b\n" + HEAD + "extends: a\n")
    with pytest.raises(VariantError, match="cycle: a -> b -> a"):
        load_variant(tmp_path / "a.yaml")


def test_extends_chain_in_a_users_folder(tmp_path):
    write(tmp_path, "ours", "name: ours\n" + HEAD + "extends: default\nrules: {threshold_value: 25}\n")
    write(tmp_path, "ours-100", "name: ours-100\n" + HEAD + "extends: ours\nrules: {target: 100}\n")
    v = load_variant(tmp_path / "ours-100.yaml")
    assert v["threshold_value"] == 25 and v["target"] == 100 and v["fish_writes"] == "own"


def test_load_a_folder():
    assert [v.name for v in load_variants([str(shipped_dir())])] == shipped_names()


def test_the_old_name_of_lead_66_still_loads_with_a_note(capsys):
    """lead-00-66 opened with 66 only: renamed lead-66, the old name kept for one release."""
    assert load_variant("lead-00-66").name == "lead-66"
    assert "now called 'lead-66'" in capsys.readouterr().err


@pytest.mark.parametrize(
    "rules, words",
    [
        ("closed_before_house: closing-pair-only", "layout: cross"),
        ("solo_fish: take-all", "bazaar"),
        ("{pairs: false, players: 4, solo_fish: draw-down}", "bazaar"),
        ("solo_eggs: one-hand", "pairs: false"),
        ("out_00_writes: true", "out_00_ends_game"),
        ("{pairs: false, players: 3, shared_score: true}", "pair games only"),
        ("solo_loser: most", "pairs: false"),
        ("{pairs: false, players: 3, out_00_ends_game: true}", "solo_loser: most"),
        ("{pairs: false, players: 4, general: true}", "solo_loser: most"),
    ],
)
def test_knobs_that_do_nothing_here_are_refused(tmp_path, rules, words):
    body = rules if rules.startswith("{") else "{" + rules + "}"
    path = write(tmp_path, "odd", f"name: odd\n{HEAD}extends: default\nrules: {body}\n")
    with pytest.raises(VariantError, match=words.replace("(", r"\(")):
        load_variant(path)


def test_the_knob_table_is_generated_from_knobs():
    """The knob table of docs/variants.md is `python -m kozel_stats.rules.knobs`: one table, never edited twice."""
    from pathlib import Path

    from kozel_stats.rules.knobs import markdown_table

    page = (Path(__file__).resolve().parent.parent / "docs" / "variants.md").read_text(encoding="utf-8")
    assert markdown_table() in page, "run `python -m kozel_stats.rules.knobs` and paste the table into docs/variants.md"
    for name in shipped_names():
        assert f"`{name}`" in page, f"the variant table of docs/variants.md lacks {name}"


def test_default_yaml_lists_knobs_at_their_defaults():
    """default.yaml documents the default game: every knob it lists is at its default, in KNOBS
    order (a new knob may be listed there, it need not be: `variants show default` prints all)."""
    import yaml

    from kozel_stats.rules.knobs import DEFAULTS

    listed = yaml.safe_load((shipped_dir() / "default.yaml").read_text(encoding="utf-8"))["rules"]
    assert all(listed[k] == DEFAULTS[k] for k in listed)
    assert list(listed) == [k.name for k in KNOBS if k.name in listed]
    assert len(listed) >= 24


def test_the_russian_words_of_every_knob_hold_no_latin_words():
    """A Russian report shows them: knob ids (solo_eggs, fast_writes) must not leak into them."""
    import re

    from kozel_stats.rules.knobs import KNOBS

    for knob in KNOBS:
        for text in (knob.rule_ru, knob.short_ru, *knob.meaning_ru.values()):
            assert set(re.findall(r"[A-Za-z]{2,}", text)) <= {"NN"}, (knob.name, text)


# R-deal-redeal
@pytest.mark.parametrize(
    "rules",
    [
        "redeal_doubles: 2",
        "redeal_suit: 3",
        "{redeal_doubles: 1, redeal_suit: 0}",
        "{pairs: false, players: 3, redeal_doubles: 1}",
    ],
)
def test_redeal_rules_that_leave_no_deal_are_refused(tmp_path, rules):
    """Seven doubles among four hands put two in one: redealing on two doubles would redeal for ever."""
    body = rules if rules.startswith("{") else "{" + rules + "}"
    path = write(tmp_path, "endless", f"name: endless\n{HEAD}extends: default\nrules: {body}\n")
    with pytest.raises(VariantError, match="ask a redeal of every deal"):
        load_variant(path)


@pytest.mark.parametrize("rules", ["redeal_doubles: 3", "redeal_suit: 4", "{redeal_doubles: 0, redeal_suit: 0}"])
def test_redeal_rules_that_leave_deals_load(tmp_path, rules):
    body = rules if rules.startswith("{") else "{" + rules + "}"
    path = write(tmp_path, "strict", f"name: strict\n{HEAD}extends: default\nrules: {body}\n")
    assert load_variant(path).name == "strict"


# R-deal-redeal
def test_the_load_time_redeal_check_reads_the_rule_as_the_engine_does():
    """rules.redeal_needed (numpy, at load) and engine.needs_redeal (the kernel) agree hand by hand."""
    import numpy as np

    from kozel_stats.engine import game as E
    from kozel_stats.engine.codes import compile_rules
    from kozel_stats.rules.variants import redeal_needed

    rng = np.random.default_rng(3)
    order = np.argsort(rng.random((500, 28)), axis=1)
    hands = (1 << order[:, :28].reshape(500, 4, 7)).sum(axis=2)
    for doubles, suit in [(5, 6), (3, 0), (0, 4), (4, 5)]:
        p = compile_rules(
            with_rules(load_variant("default"), {"redeal_doubles": doubles, "redeal_suit": suit}).rule_dict
        )
        for deal in hands[:200]:
            alone = [redeal_needed(np.array([h]), doubles, suit)[0] for h in deal]
            assert bool(E.needs_redeal(p, deal.astype(np.int64))) == any(alone)
        assert redeal_needed(hands, doubles, suit).shape == hands.shape
