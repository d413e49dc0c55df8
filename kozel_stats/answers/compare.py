"""Comparing variants: plan the arms, run the games, compute the statistics, assemble the summary.

Usable as a library:

    from kozel_stats.answers.compare import run_compare
    from kozel_stats.rules.variants import load_variants
    outcome = run_compare(load_variants(["variants/"]), games=50_000, seed=1, bots=["random"])
    for c in outcome.analysis.comparisons: print(c.variant, c.metric, c.verdict)
"""

from __future__ import annotations

import os
import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import polars as pl

from ..play.runner import Arm, Runner, RunResult, TableSink, make_arm
from ..records.trace import parse_skill
from ..rules.levels import DEFAULT_LEVEL, LEVELS, Level, level, parse_levels
from ..rules.variants import Variant, VariantError, default_variant
from ..stats import comparison as stats
from ..stats.comparison import Analysis
from ..stats.metrics import HEADLINE, METRICS, Metric, applies
from ..stats.moments import RunStats
from ..text import (
    answer_texts,  # noqa: F401  (importing it declares the sentences this module says)
    messages,
)
from ..text.errors import KozelError, ResultsError, keyed
from ..text.say import note

if TYPE_CHECKING:
    from ..play.cluster import Backend

#: With --precision and no --max-games, the most games per variant a run may grow to.
PRECISION_CAP = 10_000_000
MAX_GAMES = 10**10  # a sanity bound on --games / --max-games (far beyond any machine)


#: The metrics of the "skill or luck" question (`compare --skill`), in the order they are told.
SKILL_METRICS = ("skill_edge", "deal_decides", "leader_win_share")
#: Metrics whose chance level is one over the number of sides: not compared across different numbers of sides.
PER_SIDE = ("first_lead_loss_rate", "deal_decides", "leader_win_share")


@dataclass
class CompareOutcome:
    result: RunResult
    analysis: Analysis
    summary: dict[str, Any] = field(default_factory=dict)


def choose_variants(variants: list[Variant], baseline: str | None) -> tuple[list[Variant], str]:
    """De-duplicate, put the baseline first; add the shipped default when one variant is given."""
    unique: dict[str, Variant] = {}
    for v in variants:
        seen = unique.get(v.name)
        if seen is not None and seen.content_hash != v.content_hash:
            raise VariantError.keyed(
                "compare.two_different_variants_both", v_name=v.name, seen_path=seen.path, v_path=v.path
            )
        unique.setdefault(v.name, v)
    if baseline is None:
        if "default" not in unique and len(unique) == 1:
            unique = {"default": default_variant(), **unique}
        baseline = "default" if "default" in unique else next(iter(unique))
    if baseline not in unique:
        raise VariantError.keyed(
            "compare.baseline_among_compared_variants", baseline=baseline, join_unique=", ".join(unique)
        )
    ordered = [unique[baseline]] + [v for name, v in unique.items() if name != baseline]
    return ordered, baseline


def plan_arms(
    variants: list[Variant], bots: list[str], skill: tuple[str, str] | None = None
) -> tuple[list[Arm], list[tuple[int, int]]]:
    """One arm per variant (the baseline first) and the pairs compared: each with the baseline.
    skill: --skill STRONG/WEAK, every arm also plays each game twice more (`runner.Twice`)."""
    arms = [make_arm(v, bots, skill=skill) for v in variants]
    return arms, [(a, 0) for a in range(1, len(arms))]


def applies_to(metric: Metric, arm: Arm) -> bool:
    """Whether a metric means anything for an arm (its rules; the --skill metrics need a --skill run)."""
    return applies(metric, arm.variant.rule_dict, arm.skill is not None)


def _sides(arm: Arm) -> int:
    return arm.players if arm.solo else 2


def not_comparable(metric: Metric, arm: Arm, base: Arm) -> str | None:
    """Why a metric of two arms cannot be compared, or None."""
    here, there = applies_to(metric, arm), applies_to(metric, base)
    if not here and not there:
        return f"the rule does not exist in {arm.name} nor in {base.name}"
    if here != there:
        return f"the rule exists in {arm.name if here else base.name} only"
    if metric.name in PER_SIDE and _sides(arm) != _sides(base):
        return (
            f"{arm.name} has {_sides(arm)} sides and {base.name} {_sides(base)}: the chance of losing is "
            f"1/{_sides(arm)} against 1/{_sides(base)}"
        )
    return None


def analyse(
    arms: list[Arm],
    run: RunStats,
    pairs: list[tuple[int, int]] | None = None,
    baseline: int = 0,
    margin: float | None = None,
) -> Analysis:
    """Every statistic of a run from its sufficient statistics; arm `baseline` is compared
    with every other (paired when the run holds their cross sums)."""
    names = [a.name for a in arms]
    base = arms[baseline]
    shown = [m for m in METRICS if any(applies_to(m, a) for a in arms)]
    estimates, lengths, placings, by_deal, fish_sums, not_applicable, chance = {}, {}, {}, {}, {}, {}, {}
    for arm, arm_stats in zip(arms, run.arms, strict=True):
        estimates[arm.name] = [stats.estimate(arm_stats, m, arm.name) for m in shown]
        not_applicable[arm.name] = [m.name for m in shown if not applies_to(m, arm)]
        lengths[arm.name] = stats.length_distribution(arm_stats)
        chance[arm.name] = 1 / _sides(arm)
        if arm.solo:
            table = stats.placings(arm_stats, arm.players)
            if table:
                placings[arm.name] = table
        by_deal[arm.name] = [
            {
                "deal": k + 1,
                "games": int(row[0]),
                "loser_score_mean": row[1] / row[0],
                "winner_score_mean": row[2] / row[0],
            }
            for k, row in enumerate(arm_stats.by_deal.tolist())
            if row[0] > 0
        ]
        fish_sums[arm.name] = {k: int(c) for k, c in enumerate(arm_stats.fish_sums.tolist()) if c}
    comparisons: list[stats.Comparison] = []
    notes = []
    for a, arm in enumerate(arms):
        if a == baseline:
            continue
        pair = run.pairs.get((a, baseline))
        skip = {}
        for m in shown:
            why = not_comparable(m, arm, base)
            if why:
                skip[m.name] = why
        comparisons.extend(
            stats.compare_arms(run.arms[a], run.arms[baseline], pair, arm.name, base.name, shown, skip, margin=margin)
        )
        if _sides(arm) != _sides(base) or arm.players != base.players:
            notes.append(
                messages.stored(
                    "notes.different_games",
                    arm=arm.name,
                    arm_players=arm.players,
                    base=base.name,
                    base_players=base.players,
                )
            )
        if pair is None:
            notes.append(messages.stored("notes.unpaired", arm=arm.name, base=base.name))
    skill = None
    if base.skill is not None:
        skill = {"strong": base.skill[0], "weak": base.skill[1], "bots": list(base.bots)}
    return Analysis(
        base.name,
        names,
        estimates,
        lengths,
        comparisons,
        run.games,
        placings,
        by_deal,
        fish_sums,
        [m.name for m in shown],
        not_applicable,
        chance,
        notes,
        margin,
        skill=skill,
    )


def _check_sizes(games: int, max_games: int | None, batch_size: int | None) -> None:
    if games < 1:
        raise keyed(ValueError, "compare.games_least", games=games)
    if games > MAX_GAMES:
        raise keyed(ValueError, "compare.games_more_any_machine", games=games, MAX_GAMES=MAX_GAMES)
    if max_games is not None and not games <= max_games <= MAX_GAMES:
        raise keyed(ValueError, "compare.max_games_games", games=games, MAX_GAMES=MAX_GAMES, max_games=max_games)
    if batch_size is not None and not 100 <= batch_size <= 1_000_000:
        raise keyed(ValueError, "compare.batch_size_games", batch_size=batch_size)


def run_compare(
    variants: list[Variant],
    games: int,
    seed: int,
    bots: list[str],
    *,
    workers: int | None = None,
    baseline: str | None = None,
    precision: float | None = None,
    max_games: int | None = None,
    batch_size: int | None = None,
    tables: TableSink | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_compile: Callable[[str], None] | None = None,
    margin: float | None = None,
    executor: Any = None,
    start: RunStats | None = None,
    on_batch: Callable[[RunStats], None] | None = None,
    skill: tuple[str, str] | None = None,
) -> CompareOutcome:
    """Play `games` games of each variant (or, with `precision`, as many as needed up to
    `max_games`, default PRECISION_CAP) and analyse them against the baseline.

    `progress(done, total)` is called with the games per variant kept so far, first with
    done = 0 when play starts (after any compilation, announced through `on_compile`). On
    Ctrl-C the outcome holds every finished game (the same leading games for every
    variant) and `result.interrupted` is True. `start`: the statistics of an interrupted
    run of the same plan, to continue from (`compare --resume`). `skill`: (STRONG, WEAK) of
    `--skill`: every game is also played again (deal decides) and in duplicate (skill edge).
    """
    _check_sizes(games, max_games, batch_size)
    variants, baseline = choose_variants(variants, baseline)
    arms, pairs = plan_arms(variants, bots, skill)
    workers = workers or os.cpu_count() or 1
    if batch_size is None:
        batch_size = _default_batch_size(games, workers, len(arms), skill, _searching(arms))
    runner = Runner(
        arms,
        pairs,
        seed,
        workers=workers,
        batch_size=batch_size,
        tables=tables,
        on_compile=on_compile,
        executor=executor,
        start=start,
        on_batch=on_batch,
    )
    limit = max_games if max_games is not None else max(games, PRECISION_CAP)
    runner.prepare()
    start_time = time.perf_counter()  # play time: compilation excluded
    interrupted, analysis = _play(runner, arms, pairs, games, limit, precision, margin, progress)
    result = runner.result(interrupted)
    result.duration = time.perf_counter() - start_time
    if runner.games_done == 0:
        return CompareOutcome(result, Analysis(baseline, [a.name for a in arms], {}, {}, [], 0))
    if analysis is None or analysis.games_per_variant != runner.games_done:
        analysis = analyse(arms, runner.stats, pairs, margin=margin)
    if precision is not None:
        short = _shortfalls(analysis, precision)
        met = not short and not interrupted
        analysis.precision = {
            "target": precision,
            "met": met,
            "short": short,
            "games": runner.games_done,
            "limit": limit,
        }
    else:
        analysis.precision = None
    outcome = CompareOutcome(result, analysis)
    command = reproduce_command(variants, games, seed, bots, baseline, precision, max_games, margin, skill)
    outcome.summary = build_summary(result, analysis, command, batch_size, bots)
    return outcome


def _play(
    runner: Runner,
    arms: list[Arm],
    pairs: list[tuple[int, int]],
    games: int,
    limit: int,
    precision: float | None,
    margin: float | None,
    progress: Callable[[int, int], None] | None,
) -> tuple[bool, Analysis | None]:
    """Play `games` games per variant; with `precision`, double them until it is reached or `limit` is.
    Returns whether play was interrupted and the last analysis made while checking the precision."""
    target = games
    interrupted = False
    analysis = None

    def tick(finished: int) -> None:
        if progress:
            progress(finished, target)

    if progress:
        progress(runner.games_done, target)
    try:
        while True:
            if not runner.play(target, tick):
                interrupted = True
                break
            if precision is None:
                break
            analysis = analyse(arms, runner.stats, pairs, margin=margin)
            if not _shortfalls(analysis, precision) or target >= limit:
                break
            target = min(limit, target * 2)
    except KeyboardInterrupt:  # between batches (e.g. while checking the precision): keep what is done
        interrupted = True
    except BaseException:  # a fault (a full disk): stop the workers now, then report it
        runner.close(cancel=True)
        raise
    finally:
        runner.close(cancel=interrupted)
    return interrupted, analysis


def _default_batch_size(
    games: int, workers: int, arms: int, skill: tuple[str, str] | None, searching: bool = False
) -> int:
    """Enough batches to share the work among the workers, each of at most ~400,000 games of all arms. A
    searching bot (the expert: seconds a game) gets about four batches a worker, however few its games: the
    floor of 1,000 games made for the fast bots put 400 expert games in one batch, on one core of any cluster."""
    if searching:
        return max(1, -(-games // (4 * workers)))
    plays = arms * (4 if skill else 1)  # --skill: every game three more times
    return max(1000, min(50_000, games // (4 * workers) or 1000, 400_000 // plays))


def _searching(arms: list[Arm]) -> bool:
    from ..engine.bots import parse_bot
    from ..engine.codes import KERNEL_SEARCHING, kernel_flavour

    return any(kernel_flavour([parse_bot(b) for b in arm.bots]) == KERNEL_SEARCHING for arm in arms)


def _shortfalls(analysis: Analysis, precision: float) -> list[str]:
    """The headline intervals wider than --precision asks (none: it is reached)."""
    return stats.precision_shortfalls(
        [e for es in analysis.estimates.values() for e in es], analysis.comparisons, precision
    )


def reproduce_command(
    variants: list[Variant],
    games: int,
    seed: int,
    bots: list[str],
    baseline: str,
    precision: float | None,
    max_games: int | None,
    margin: float | None = None,
    skill: tuple[str, str] | None = None,
) -> str:
    """One command that plays the same games again (the number of workers does not matter)."""
    from ..rules.variants import shipped_dir

    shipped = shipped_dir().resolve()
    names = []
    for v in variants:
        path = Path(v.path) if v.path else None
        names.append(v.name if path is None or path.resolve().parent == shipped else str(path))
    parts = [
        "kozel-stats",
        "compare",
        *names,
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--bots",
        ",".join(bots),
        "--baseline",
        baseline,
    ]
    if precision is not None:
        parts += ["--precision", f"{precision:g}"] + (["--max-games", str(max_games)] if max_games else [])
    if margin is not None:
        parts += ["--margin", f"{margin:g}"]
    if skill is not None:
        parts += ["--skill", "/".join(skill)]
    return " ".join(shlex.quote(p) for p in parts)


def build_summary(
    result: RunResult, analysis: Analysis, command: str, batch_size: int | None = None, bots: list[str] | None = None
) -> dict[str, Any]:
    from ..results.folders import run_metadata

    meta = run_metadata(
        result, analysis.games_per_variant, analysis.baseline, command, bots or list(result.arms[0].bots)
    )
    meta["batch_size"] = batch_size
    meta["precision"] = analysis.precision
    meta["margin"] = analysis.margin
    return summary_payload(meta, analysis)


def summary_payload(meta: dict[str, Any], analysis: Analysis) -> dict[str, Any]:
    extra: dict[str, Any] = {}
    if analysis.skill is not None:
        extra["skill"] = skill_summary(meta, analysis)
    return {
        "meta": meta,
        "estimates": analysis.estimates,
        "length_distribution": analysis.lengths,
        "comparisons": analysis.comparisons,
        "placings": analysis.placings,
        "not_applicable": analysis.not_applicable,
        "chance": analysis.chance,
        "notes": analysis.notes,
        "metrics": [m for m in METRICS if m.name in analysis.metrics],
        "decision": {
            "alpha": stats.ALPHA,
            "headline": list(HEADLINE),
            "rule": "the headline metrics of a variant are one family, each tested at 5%/m (Bonferroni) with "
            "its (1-5%/m) interval; significant = the interval excludes 0; the others are secondary, "
            "each with its own 95% interval; fewer than "
            f"{stats.SPARSE_PAIRS} differing games: the exact sign-flip test decides",
        },
        **extra,
    }


def skill_summary(meta: dict[str, Any], analysis: Analysis) -> dict[str, Any]:
    """summary.json's `skill` block (`compare --skill`): the bots, the definitions, each variant's
    three numbers with their 95% intervals and chance levels, and the verdicts in words (ru, en);
    the differences themselves are among `comparisons` (secondary metrics)."""
    from ..present import words
    from ..stats.metrics import METRIC_BY_NAME

    assert analysis.skill is not None
    variants = {}
    for name, estimates in analysis.estimates.items():
        missing = set(analysis.not_applicable.get(name, []))
        variants[name] = {
            e.metric: {"value": e.value, "low": e.low, "high": e.high, "n": e.n, "chance": analysis.chance[name]}
            for e in estimates
            if e.metric in SKILL_METRICS and e.metric not in missing
        }
        if "skill_edge" in variants[name]:
            variants[name]["skill_edge"]["chance"] = 0.5
    return {
        **analysis.skill,
        "metrics": list(SKILL_METRICS),
        "definitions": {m: METRIC_BY_NAME[m].description for m in SKILL_METRICS},
        "variants": variants,
        "verdicts": {lang: words.skill_lines(meta, analysis, lang) for lang in words.LANGS},
    }


# --- the `compare` command: validate everything first, then play, checkpoint, save ---------------------------------
@dataclass
class CompareRequest:
    """Every option of `kozel-stats compare` (the command line only parses into this)."""

    variants: list[str]
    games: int | None = None  # None: 100,000, or the interrupted run's target with --resume
    seed: int = 1
    bots: str | None = None  # None: every seat plays the --level's bot
    workers: int | None = None
    baseline: str | None = None
    precision: float | None = None
    max_games: int | None = None
    margin: float | None = None
    out: Path | None = None
    force: bool = False
    resume: Path | None = None
    games_table: bool = False
    deals: bool = False
    csv: bool = False
    report: Path | None = None
    lang: str = "ru"
    batch_size: int | None = None
    bots_matrix: str | None = None
    card: Path | None = None  # --card FILE.txt|.png: the headline of every variant, for a chat
    scheduler: str | None = None  # --scheduler tcp://HOST:PORT: play on a Dask cluster
    cluster: str | None = None  # --cluster local:N: on a Dask LocalCluster started for the run
    skill: str | None = None  # --skill STRONG/WEAK: skill edge, deal decides (every game played three more times)
    connect_timeout: float | None = None  # --connect-timeout: seconds to reach --scheduler (default 20)
    level: str | None = None  # --level beginner|player|expert (default: levels.DEFAULT_LEVEL, unless --bots)
    levels: str | None = None  # --levels beginner,player,expert: the comparison once per level
    expert_games: int | None = None  # with --levels: the expert level's games (default: --games)


DEFAULT_GAMES = 100_000
CHECKPOINT_EVERY = 10.0  # seconds between saves of the statistics during a run with --out


@dataclass
class Prepared:
    request: CompareRequest
    variants: list[Variant]
    seats: list[str]
    games: int
    seed: int
    baseline: str | None
    start: RunStats | None = None
    mixes: list[str] = field(default_factory=list)
    skill: tuple[str, str] | None = None
    levels: list[Level] = field(default_factory=list)  # --levels: the mixes are these levels' bots


def seats_of(bots: str | None, level_name: str | None, levels_spec: str | None) -> tuple[list[str], list[Level]]:
    """The seats' bots from --bots / --level (player when neither is given) and the levels of --levels; a
    ValueError naming the options that cannot go together."""
    if bots is not None and level_name is not None:
        raise keyed(
            ValueError,
            "compare.level_bots_both_level",
            level_name=level_name,
            bots=bots,
            levels=", ".join(f"{lv.name} = {lv.bot}" for lv in LEVELS.values()),
        )
    if levels_spec is not None and (bots is not None or level_name is not None):
        raise keyed(ValueError, "compare.levels_plays_every_level")
    chosen = parse_levels(levels_spec) if levels_spec is not None else []
    if levels_spec is not None and len(chosen) < 2:
        raise keyed(ValueError, "compare.levels_name_least_two", levels_spec=levels_spec)
    if bots is not None:
        return [b.strip() for b in bots.split(",")], chosen
    return [level(level_name or DEFAULT_LEVEL).bot], chosen


def prepare_request(req: CompareRequest) -> Prepared:
    """Check every option and file before any output is created or any game is played; raise a
    KozelError / ValueError naming the option and the value."""
    if req.lang not in ("ru", "en"):
        raise keyed(ValueError, "options.lang_ru_en", req_lang=req.lang)
    skill = parse_skill(req.skill) if req.skill is not None else None
    seats, chosen = seats_of(req.bots, req.level, req.levels)
    _check_combinations(req, skill, chosen)
    if req.resume is not None:
        variants, seats, games, baseline, start, seed, skill = _resumed_run(req)
    else:
        variants, games = _fresh_run(req, seats)
        baseline, start, seed = req.baseline, None, req.seed
    _check_sizes(games, req.max_games, req.batch_size)
    if not -(2**63) <= seed < 2**64:
        raise keyed(ValueError, "options.seed_fit_bits", seed=seed)
    if req.resume is not None and req.levels is not None:  # the levels of the run it continues
        chosen = parse_levels(req.levels)
    mixes = _bot_mixes(req, chosen, variants)
    _check_outputs(req)
    return Prepared(req, variants, seats, games, seed, baseline, start, mixes, skill, chosen)


def _check_combinations(req: CompareRequest, skill: tuple[str, str] | None, chosen: list[Level]) -> None:
    """Refuse options that cannot go together, and out-of-range numbers, before any file is read."""
    if chosen and (req.bots_matrix or skill is not None):
        raise keyed(ValueError, "compare.levels_bots_matrix_own")
    if req.expert_games is not None and not any(lv.bot == "expert" for lv in chosen):
        raise KozelError.keyed("compare.expert_games_without_expert")
    if req.expert_games is not None and not 1 <= req.expert_games <= 100_000_000:
        raise KozelError.keyed("compare.expert_games_range", n=req.expert_games)
    if req.resume is not None and (req.bots is not None or req.level is not None or chosen):
        raise keyed(ValueError, "compare.resume_dir_continues_run")
    if skill is not None and req.bots_matrix:
        raise keyed(ValueError, "compare.skill_plays_own_strong")
    if skill is not None and req.resume is not None:
        raise keyed(ValueError, "compare.resume_dir_continues_run_2")
    if req.max_games is not None and req.precision is None:
        raise keyed(ValueError, "compare.max_games_only_applies")
    if req.precision is not None and not 1e-6 <= req.precision <= 1:
        raise keyed(ValueError, "compare.precision", req_precision=req.precision)
    if req.margin is not None and not 0 < req.margin <= 1:
        raise keyed(ValueError, "compare.margin_share_baseline_value", req_margin=req.margin)
    if (req.csv or req.deals or req.games_table) and req.out is None and req.resume is None:
        raise keyed(ValueError, "compare.csv_deals_games_table")
    if req.workers is not None and not 1 <= req.workers <= 4096:
        raise keyed(ValueError, "options.workers", req_workers=req.workers)
    from ..play.cluster import check_backend_options

    check_backend_options(req.scheduler, req.cluster, req.connect_timeout)
    if req.bots_matrix and (req.scheduler is not None or req.cluster is not None):
        raise keyed(ValueError, "compare.bots_matrix_runs_machine")


def _resumed_run(
    req: CompareRequest,
) -> tuple[list[Variant], list[str], int, str | None, RunStats, int, tuple[str, str] | None]:
    """`--resume DIR`: the variants, seats, games, baseline, statistics so far, seed and skill bots of the
    run saved in DIR; req.out, req.batch_size and the table options follow that run."""
    from ..results.folders import arms_of, load, lock_folder, variant_changes

    assert req.resume is not None
    if req.variants:
        raise keyed(ValueError, "compare.resume_dir_continues_run_3")
    if req.out is not None and req.out != req.resume:
        raise keyed(ValueError, "options.resume_dir_writes_into")
    if req.bots_matrix:
        raise keyed(ValueError, "compare.resume_does_continue_bots")
    if req.resume.is_dir():  # one run at a time: before anything of it is read
        lock_folder(req.resume, "--resume")
    loaded = load(req.resume)
    if loaded.plan.get("kind") == "sweep":
        raise keyed(ValueError, "compare.resume_holds_sweep_continue", req_resume=req.resume)
    if loaded.complete and (req.games is None or req.games <= loaded.stats.games):
        raise keyed(
            ValueError,
            "compare.resume_run_complete_games",
            req_resume=req.resume,
            loaded_stats_games=loaded.stats.games,
        )
    matrix = loaded.summary.get("matrix") if isinstance(loaded.summary.get("matrix"), dict) else None
    saved_levels = loaded.plan.get("levels") or (matrix or {}).get("levels")
    if matrix is not None and not saved_levels:
        raise ResultsError.keyed("compare.matrix_resume", out=req.resume)
    if saved_levels:  # a --levels run: continued as one, every section of its summary.json kept
        req.levels = ",".join(str(name) for name in saved_levels)
    arms = arms_of(loaded.plan)
    for changed in variant_changes(loaded.plan, req.resume):
        note(changed)
    variants = [a.variant for a in arms]
    seats = list(arms[0].bots)
    games = req.games or int(loaded.plan.get("games") or loaded.stats.games)
    if games < loaded.stats.games:
        raise keyed(ValueError, "compare.games_fewer_games_already", games=games, loaded_stats_games=loaded.stats.games)
    req.out = req.resume
    baseline = arms[0].name
    start = loaded.stats
    seed = int(loaded.plan["seed"])
    skill = arms[0].skill
    req.batch_size = req.batch_size or loaded.plan.get("batch_size")
    keep_tables_whole(req, start.games)
    return variants, seats, games, baseline, start, seed, skill


def _fresh_run(req: CompareRequest, seats: list[str]) -> tuple[list[Variant], int]:
    """A new run: the variants named, each checked against the seats' bots, and the games per variant."""
    from ..records.trace import parse_bots
    from ..rules.variants import load_variants

    if not req.variants:
        raise keyed(ValueError, "compare.variants_compare_names_yaml")
    variants = load_variants(req.variants)
    for v in variants:
        parse_bots(seats, v["players"])  # checks names and counts, per variant
    games = req.games if req.games is not None else DEFAULT_GAMES
    choose_variants(variants, req.baseline)  # an unknown --baseline is refused now
    return variants, games


def _bot_mixes(req: CompareRequest, chosen: list[Level], variants: list[Variant]) -> list[str]:
    """The bots of --levels or --bots-matrix, one arm each, checked against every variant's players."""
    from ..records.trace import parse_bots

    mixes = [lv.bot for lv in chosen]
    if chosen and (req.scheduler is not None or req.cluster is not None):
        raise keyed(ValueError, "compare.levels_runs_machine_only")
    if req.bots_matrix is not None:
        mixes = [b.strip() for b in req.bots_matrix.split(",") if b.strip()]
        if len(mixes) < 2:
            raise keyed(ValueError, "compare.bots_matrix_needs_least")
        for mix in mixes:
            for v in variants:
                parse_bots([mix], v["players"])
    return mixes


def _check_outputs(req: CompareRequest) -> None:
    """The files and folder the run writes: refused now if they exist (without --force) or cannot be made."""
    from ..results.folders import check_new_file, prepare_folder

    if req.report is not None:
        check_new_file(req.report, req.force, "--report")
    if req.card is not None:
        if req.card.suffix.lower() not in (".txt", ".png"):
            raise keyed(ValueError, "compare.card_txt_text_png", req_card=req.card)
        if req.card.suffix.lower() == ".png":
            from ..present.report import chromium

            if chromium() is None:
                raise keyed(ValueError, "compare.card_png_card_drawn", req_card=req.card)
        check_new_file(req.card, req.force, "--card")
    if req.out is not None:
        prepare_folder(req.out, req.force, resume=req.resume is not None)


def keep_tables_whole(req: CompareRequest, kept_games: int) -> None:
    """`--resume`: the folder's tables must cover the same games as its statistics when the run ends. The
    tables and CSV copies the run wrote are written again (not left behind, older than the rest), and every
    part the run keeps and will read (its CSV copy) is checked now, before a game is played: a damaged one
    is an error, with nothing played and nothing changed."""
    from ..results.folders import DEALS_DIR, GAMES_DIR
    from ..text.errors import ResultsError

    folder = req.resume
    assert folder is not None
    req.games_table = req.games_table or (folder / GAMES_DIR).is_dir()
    req.deals = req.deals or (folder / DEALS_DIR).is_dir()
    if not req.csv and (folder / "by_deal.csv").exists():
        req.csv = True
        note(messages.Sentence("results.csv_again", folder=folder))
    for sub in (GAMES_DIR, DEALS_DIR):
        for part in sorted((folder / sub).glob("part-*.parquet")) if (folder / sub).is_dir() else []:
            try:
                if int(part.name.split("-")[1]) >= kept_games:
                    continue  # written after the last checkpoint: removed, played again
            except (IndexError, ValueError):
                raise ResultsError.keyed("compare.resume_part_tool_writes", folder=folder, part=part) from None
            try:
                if req.csv:
                    pl.read_parquet(part)
                else:
                    pl.read_parquet_schema(part)
            except Exception as exc:  # polars raises several kinds for damaged files
                raise ResultsError.because(
                    "compare.resume_damaged_nothing_was", exc, 120, folder=folder, part=part
                ) from None


def execute(
    prep: Prepared,
    progress: Callable[[int, int], None] | None = None,
    on_compile: Callable[[str], None] | None = None,
    shared: Backend | None = None,
) -> CompareOutcome:
    """Play, checkpoint the statistics into --out as the run goes, and save everything (the
    results folder, the report) whole, also after an interruption. `shared`: a backend already open (the
    atlas plays all its comparisons on one), else the request's own --scheduler / --cluster."""
    from ..play.runner import TableSink
    from ..results.folders import plan_json, save, write_stats

    req = prep.request
    tables = (
        TableSink(req.out, req.games_table, req.deals)
        if req.out is not None and (req.games_table or req.deals)
        else None
    )
    if tables is not None and prep.start is not None:
        tables.written = sorted(p for sub in ("games", "deals") for p in (tables.folder / sub).glob("part-*.parquet"))
        tables.discard_from(prep.start.games)  # parts written after the last checkpoint
    variants, baseline = choose_variants(prep.variants, prep.baseline)
    arms, pairs = plan_arms(variants, prep.seats, prep.skill)
    command = reproduce_command(
        variants, prep.games, prep.seed, prep.seats, baseline, req.precision, req.max_games, req.margin, prep.skill
    )
    plan = plan_json(arms, pairs, prep.seed, req.batch_size, command, {"games": prep.games})
    last_save = [time.monotonic()]

    def checkpoint(run: RunStats) -> None:
        if req.out is not None and time.monotonic() - last_save[0] >= CHECKPOINT_EVERY:
            write_stats(req.out, plan, run, complete=False)
            last_save[0] = time.monotonic()

    from ..play.cluster import shared_or_own

    with shared_or_own(shared, req.scheduler, req.cluster, on_compile, req.connect_timeout) as chosen:
        outcome = run_compare(
            variants,
            prep.games,
            prep.seed,
            prep.seats,
            workers=req.workers or chosen.workers,
            baseline=baseline,
            precision=req.precision,
            max_games=req.max_games,
            batch_size=req.batch_size,
            tables=tables,
            progress=progress,
            on_compile=on_compile,
            margin=req.margin,
            executor=chosen.executor,
            start=prep.start,
            on_batch=checkpoint,
            skill=prep.skill,
        )
    outcome.summary.setdefault("meta", {})["backend"] = chosen.where
    if outcome.analysis.games_per_variant == 0:
        return outcome
    if req.out is not None:
        save(req.out, plan, outcome.result.stats, outcome.summary, outcome.analysis, req.csv)
    if req.report is not None:
        from ..present.report import ReportData, write

        write(req.report, ReportData(outcome.summary["meta"], outcome.analysis), req.lang)
    if req.card is not None:
        from ..present.report import ReportData, write_card

        write_card(req.card, ReportData(outcome.summary["meta"], outcome.analysis), req.lang)
    return outcome
