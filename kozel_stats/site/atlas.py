"""`kozel-stats atlas`: every yard argument answered on one static site (issue 30).

Each question is an ordinary comparison — the default rules against one shipped variant — played at each
level of play (`levels.LEVELS`: every seat plays the level's bot) into its own results folder,
`SITE/data/VARIANT/LEVEL/`. Those folders are the atlas's only data: `--resume` continues them, `--render-only`
rebuilds the pages from them without playing, and `kozel-stats report` re-renders any of them. The pages
themselves are `atlas_pages`.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..rules.levels import LEVELS, Level, parse_levels
from ..text import (
    messages,
    site_texts,  # noqa: F401  (importing it declares the sentences this module says)
)
from ..text.errors import KozelError
from ..text.site_texts import BUILD_TEXT, QUESTION_TITLES


@dataclass(frozen=True)
class Question:
    variant: str  # the shipped variant compared with `baseline`
    group: str  # yard (section 13 of the main text), ruleset (texts 001, 003), game (another game of the family),
    #             within (a rule or player count inside another game, against that game)
    ru: str  # the question as a player asks it at the table
    en: str
    baseline: str = "default"  # what it is compared with: the default rules, or (within) the game it varies
    metric: str = "deals_per_game"  # the headline metric the question asks about: its answer starts with it
    asks: int = 0  # the direction asked: +1 "longer / more?", -1 "shorter / fewer?", 0 "how much / what changes?"


#: The metric each question asks about and the direction it asks (Question.metric, Question.asks); a question
#: not named here asks what changes to the game's length.
ASKED: dict[str, tuple[str, int]] = {
    "fish-to-fisherman": ("deals_per_game", 1),
    "fish-writes-all": ("deals_per_game", -1),
    "fish-writes-difference": ("written_per_deal", 0),
    "threshold-every-deal": ("naked_rate", 1),
    "no-threshold": ("deals_per_game", -1),
    "threshold-25": ("naked_rate", 1),
    "specials-plain": ("written_per_deal", 0),
    "specials-per-pair": ("written_per_deal", 0),
    "eggs-both": ("deals_per_game", -1),
    "eggs-none": ("deals_per_game", 0),
    "target-100": ("deals_per_game", 0),
    "target-125": ("deals_per_game", 0),
    "lead-lowest-double": ("naked_rate", 0),
    "lead-66": ("naked_rate", 0),
    "next-lead-fish-winner": ("naked_rate", 0),
    "next-lead-round-robin": ("naked_rate", 0),
    "morskoy": ("deals_per_game", -1),
    "osel": ("deals_per_game", 1),
}


def _q(variant: str, group: str, baseline: str = "default") -> Question:
    metric, asks = ASKED.get(variant, ("deals_per_game", 0))
    ru, en = QUESTION_TITLES[variant]
    return Question(variant, group, ru, en, baseline, metric, asks)


#: Every question of the atlas, in the order of the index: the yard differences of the main text's table
#: (section 13), the other complete rule sets, the other games of the family.
QUESTIONS: tuple[Question, ...] = (
    _q("fish-to-fisherman", "yard"),
    _q("fish-writes-all", "yard"),
    _q("fish-writes-difference", "yard"),
    _q("threshold-every-deal", "yard"),
    _q("no-threshold", "yard"),
    _q("threshold-25", "yard"),
    _q("specials-plain", "yard"),
    _q("specials-per-pair", "yard"),
    _q("eggs-both", "yard"),
    _q("eggs-none", "yard"),
    _q("target-100", "yard"),
    _q("target-125", "yard"),
    _q("lead-lowest-double", "yard"),
    _q("lead-66", "yard"),
    _q("next-lead-fish-winner", "yard"),
    _q("next-lead-round-robin", "yard"),
    _q("olympic", "ruleset"),
    _q("article-house", "ruleset"),
    _q("morskoy", "game"),
    _q("morskoy-00-written", "game"),
    _q("morskoy-004", "game"),
    _q("solo-2", "game"),
    _q("solo-3", "game"),
    _q("solo-4", "game"),
    _q("osel", "game"),
    _q("osel-closing-pair", "game"),
    _q("chechevae-4", "game"),
    _q("sport", "game"),
    _q("generals", "game"),
    # the other shipped variants vary a game of the family, not Козёл: each is asked against its own game
    _q("solo-3-draw-down", "within", "solo-3"),
    _q("solo-3-take-all", "within", "solo-3"),
    _q("solo-3-eggs", "within", "solo-3"),
    _q("osel-solo-2", "within", "osel-closing-pair"),
    _q("osel-solo-3", "within", "osel-closing-pair"),
    _q("osel-solo-4", "within", "osel-closing-pair"),
    _q("chechevae-2", "within", "chechevae-4"),
    _q("chechevae-3", "within", "chechevae-4"),
    _q("morskoy-004-solo-2", "within", "morskoy-004"),
    _q("morskoy-004-solo-3", "within", "morskoy-004"),
    _q("morskoy-004-solo-4", "within", "morskoy-004"),
    _q("generals-both", "within", "generals"),
)
QUESTION_BY_VARIANT = {q.variant: q for q in QUESTIONS}
GROUPS = ("yard", "ruleset", "game", "within")

FORMAT = "kozel-atlas/1"
MARK_FILE = "atlas.json"  # in SITE/data/: what was asked for, so --resume and --render-only know the site
DATA_DIR = "data"
DEFAULT_GAMES = 20_000
#: The expert searches every move (docs/expert.md): about a hundred times slower than the counter, so it plays
#: fewer games. Where its learned value applies (four players in pairs on a chain, every tile dealt:
#: engine.expert.learned_fits) it is fast, and 2,000 games make «too few games» the exception; where it plays every
#: searched position out (Осёл's cross, каждый сам за себя, a bazaar, Генерал) it is four to forty times slower,
#: and 2,000 games there would take the build past 30 minutes (docs/atlas.md, measured), so those questions play
#: --slow-expert-games.
DEFAULT_EXPERT_GAMES = 2000
DEFAULT_SLOW_EXPERT_GAMES = 500
DEFAULT_LEVELS = "beginner,player,expert"
DEFAULT_LANGS = "ru,en"
SKILL_DIR = "skill"  # SITE/data/skill/: compare --skill over the section-13 questions («Везение или мастерство»)
SWEEP_DIR = "sweep"  # SITE/data/sweep/: the sweep of the section-13 knobs («Что важнее всего»)
SKILL = "counter/random"  # the strong and the weak bot of the skill edge (docs/skill.md)
#: The sweep's knobs: each section-13 knob at its default and the yard value that differs most from it (two
#: values each, so that every two-way interaction can be estimated from a sample of the 512 cells).
SWEEP_VARY = (
    "fish_winner=lower-sum,fisherman",
    "fish_writes=own,all",
    "threshold=once,none",
    "threshold_value=13,25",
    "specials=per-player,plain",
    "eggs=one-side,both-sides",
    "target=101,125",
    "first_lead=double-11,double-66",
    "next_lead=last-mover,round-robin",
)
SWEEP_CELLS = 64
#: The sweep's games per cell are at least this many: with fewer, few games differ between two cells and every
#: interaction goes to the exact sign-flip test (stats.py), whose enumeration takes minutes per term.
SWEEP_MIN_GAMES = 1000


@dataclass
class AtlasRequest:
    """Every option of `kozel-stats atlas` (the command line only parses into this)."""

    out: Path
    # None: the site's own (data/atlas.json) when it has one, else the defaults
    games: int | None = None
    expert_games: int | None = None
    levels: str | None = None
    langs: str | None = None  # None: the site's own, else DEFAULT_LANGS
    resume: bool = False
    render_only: bool = False
    only: str | None = None  # a comma-separated subset of the questions (their variant names)
    extras: bool | None = None  # also the skill-or-luck run and the sweep (False: --no-extras, the questions only)
    cards: bool | None = None  # draw each question's chat card as a picture (needs Chromium)
    seed: int | None = None  # None: the site's own, else 1
    workers: int | None = None
    scheduler: str | None = None  # --scheduler tcp://HOST:PORT: every comparison and the sweep on a Dask cluster
    cluster: str | None = None  # --cluster local:N: on a Dask LocalCluster started once for the whole build
    connect_timeout: float | None = None  # --connect-timeout: seconds to reach --scheduler (default 20)
    site_url: str | None = None  # --site-url: where it will be published, for absolute og:url / og:image links
    slow_expert_games: int | None = None  # the expert's games where it plays positions out (expert_is_slow)


@dataclass
class AtlasPlan:
    request: AtlasRequest
    levels: list[Level]
    langs: list[str]
    questions: list[Question]
    played: list[str] = field(default_factory=list)  # folders this run played (or continued)
    games: int = DEFAULT_GAMES  # --games, or the site's own (prepare resolves it)
    fresh: bool = True  # --out held no site when prepare() looked (a new build)
    seed: int = 1  # --seed, or the site's own (prepare resolves it)


def parse_langs(spec: str) -> list[str]:
    langs = [p.strip().lower() for p in spec.split(",") if p.strip()]
    bad = [x for x in langs if x not in ("ru", "en")]
    if not langs or bad:
        raise KozelError.keyed("atlas.lang_ru_en_ru", spec=spec)
    return list(dict.fromkeys(langs))


def parse_only(spec: str | None) -> list[Question]:
    if spec is None:
        return list(QUESTIONS)
    names = [p.strip() for p in spec.split(",") if p.strip()]
    unknown = [n for n in names if n not in QUESTION_BY_VARIANT]
    if not names or unknown:
        listed = ", ".join(q.variant for q in QUESTIONS)
        given = ", ".join(unknown) or messages.Sentence("atlas.nothing")
        raise KozelError.keyed("atlas.not_a_question", spec=spec, given=given, listed=listed)
    return [QUESTION_BY_VARIANT[n] for n in dict.fromkeys(names)]


def expert_is_slow(question: Question) -> bool:
    """Whether the expert plays every searched position out in this question's games (either rule set: its
    learned value was fitted to four players in pairs on a chain with every tile dealt, engine.expert.learned_fits)
    and so plays --slow-expert-games there. Imports the engine: called only when the build plays."""
    from ..engine.codes import compile_rules
    from ..engine.expert import learned_fits
    from ..rules.variants import load_variant

    fits = getattr(learned_fits, "py_func", learned_fits)  # the rule itself, without compiling it
    return not all(fits(compile_rules(load_variant(name).rule_dict)) for name in (question.baseline, question.variant))


def games_at(req: AtlasRequest, level: Level, question: Question) -> int:
    if level.bot != "expert":
        games = req.games
    else:
        games = req.slow_expert_games if expert_is_slow(question) else req.expert_games
    assert games is not None  # prepare() has chosen them
    return games


def folder_of(out: Path, variant: str, level: Level) -> Path:
    return out / DATA_DIR / variant / level.name


def _mark_schema():
    from ..results.schema import Bool, Int, List, Obj, OneOf, Opt, Str
    from ..rules.levels import LEVELS as ALL

    games = Int(1, 10_000_000)
    return Obj(
        {
            "format": Str(),
            "games": games,
            "expert_games": games,
            "slow_expert_games": Opt(games),
            "seed": Opt(Int(-(2**63), 2**64 - 1)),
            "levels": Opt(List(OneOf(lambda: list(ALL)), least=1)),
            "questions": Opt(List(OneOf(lambda: list(QUESTION_BY_VARIANT)), least=1)),
            "langs": Opt(List(OneOf(lambda: ["ru", "en"]), least=1)),
            "extras": Opt(Bool()),
            "cards": Opt(Bool()),
            "site_url": Opt(Str()),
        }
    )


def _read_mark(out: Path) -> dict | None:
    from ..results import schema

    path = out / DATA_DIR / MARK_FILE
    if not path.exists():
        return None
    try:
        mark = json.loads(path.read_text(encoding="utf-8"), parse_int=schema.parse_int)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise KozelError.keyed("atlas.mark_damaged", path=path, reason=messages.cut(exc, 120), out=out) from None
    if not isinstance(mark, dict) or mark.get("format") != FORMAT:
        raise KozelError.keyed("atlas.atlas_mark_format", path=path, FORMAT=FORMAT)
    try:
        _mark_schema().check(mark, "")
    except schema.Bad as bad:
        raise KozelError.keyed("atlas.mark_field", path=path, field=bad.where, problem=bad.problem, out=out) from None
    return mark


def _contradicts(out: Path, option: str, given: object, saved: object) -> KozelError:
    def shown(value: object) -> str:
        return ",".join(value) if isinstance(value, list) else str(value)

    return KozelError.keyed(
        "atlas.contradicts",
        out=out,
        option=option,
        given=shown(given),
        saved=shown(saved),
        path=out / DATA_DIR / MARK_FILE,
    )


def settle(req: AtlasRequest, mark: dict | None) -> None:
    """Every setting of the build: the one given, else the site's own (data/atlas.json), else the default. A
    --resume continues the build it finds: a setting given that contradicts the saved one is refused by name
    (more --games grow the build; fewer are refused)."""
    saved = mark or {}
    resume = req.resume and mark is not None
    names = {
        "levels": ("--levels", "levels", DEFAULT_LEVELS),
        "only": ("--only", "questions", None),
        "langs": ("--lang", "langs", DEFAULT_LANGS),
    }
    option: str
    for attr, (option, key, default) in names.items():
        given, kept = getattr(req, attr), saved.get(key)
        if given is not None and kept is not None and resume:
            listed = [p.strip() for p in given.split(",") if p.strip()]
            if (list(dict.fromkeys(listed)) if attr != "langs" else [x.lower() for x in listed]) != kept:
                raise _contradicts(req.out, option, listed, kept)
        if given is None:
            setattr(req, attr, ",".join(kept) if kept else default)
    mark_path = req.out / DATA_DIR / MARK_FILE
    given_seed, kept_seed = req.seed, saved.get("seed")
    if given_seed is not None and kept_seed is not None and resume and given_seed != kept_seed:
        raise _contradicts(req.out, "--seed", given_seed, kept_seed)
    req.seed = given_seed if given_seed is not None else kept_seed if kept_seed is not None else 1
    for attr in ("extras", "cards"):
        given, kept = getattr(req, attr), saved.get(attr)
        if given is not None and kept is not None and resume and given != kept:
            raise KozelError.keyed(
                "atlas.contradicts_flag",
                out=req.out,
                given=("--" if given else "--no-") + attr,
                saved=("--" if kept else "--no-") + attr,
                path=mark_path,
            )
        if given is None:
            setattr(req, attr, kept if kept is not None else True)
    number: int
    if mark is not None and "slow_expert_games" not in saved:  # a site built before the two counts: the expert
        saved = dict(saved, slow_expert_games=saved.get("expert_games"))  # played --expert-games everywhere
    for attr, option, number in (
        ("games", "--games", DEFAULT_GAMES),
        ("expert_games", "--expert-games", DEFAULT_EXPERT_GAMES),
        ("slow_expert_games", "--slow-expert-games", DEFAULT_SLOW_EXPERT_GAMES),
    ):
        asked, had = getattr(req, attr), saved.get(attr)
        if asked is not None and had is not None and resume and asked < had:
            raise KozelError.keyed(
                "atlas.fewer_games", out=req.out, option=option, given=asked, saved=had, path=mark_path
            )
        if asked is None:
            setattr(req, attr, had if had is not None else number)
    if req.site_url is None:  # where the site is published: kept by a resume and a re-render unless given anew
        req.site_url = saved.get("site_url")


def prepare(req: AtlasRequest) -> AtlasPlan:
    """Check every option and the output folder before anything is written or played: an unknown level, a
    language, a question, a path that is a file, a folder that holds something else — each one error naming
    what and where. A site already built is never overwritten silently: --resume or --render-only."""
    if req.resume and req.render_only:
        raise KozelError.keyed("atlas.resume_plays_what_missing")
    out = req.out
    if out.exists() and not out.is_dir():
        raise KozelError.keyed("atlas.file_folder_folder_site", out=out)
    if out.exists() and not out.parent.exists():
        raise KozelError.keyed("atlas.such_folder", out=out)
    if not out.exists() and not out.parent.is_dir():
        raise KozelError.keyed("atlas.parent_folder_does_exist", out=out, out_parent=out.parent)
    mark = _read_mark(out) if out.is_dir() else None
    if req.site_url is not None and not req.site_url.startswith(("https://", "http://")):
        raise KozelError.keyed("atlas.site_url", url=req.site_url)
    settle(req, mark)
    assert req.levels is not None and req.langs is not None and req.games is not None
    assert req.expert_games is not None and req.slow_expert_games is not None
    try:
        levels = parse_levels(req.levels)
    except ValueError:
        raise KozelError.keyed(
            "atlas.levels_levels_play_comma", req_levels=req.levels, join_levels=", ".join(LEVELS)
        ) from None
    langs = parse_langs(req.langs)
    questions = parse_only(req.only)
    check_backend(req)
    counts = (("--games", req.games), ("--expert-games", req.expert_games))
    for option, games in (*counts, ("--slow-expert-games", req.slow_expert_games)):
        if not 1 <= games <= 10_000_000:
            raise KozelError.keyed("atlas.per_question_level", option=option, games=games)
    if req.render_only:
        if mark is None:
            raise KozelError.keyed("atlas.render_only_holds_atlas", out=out, DATA_DIR=DATA_DIR, MARK_FILE=MARK_FILE)
    elif out.is_dir() and _holds_something(out):
        if mark is None:
            raise KozelError.keyed("atlas.folder_empty_holds_atlas", out=out)
        if not req.resume:
            raise KozelError.keyed("atlas.holds_atlas_already_nothing", out=out)
    fresh = not (out.is_dir() and _holds_something(out))
    assert req.seed is not None
    return AtlasPlan(req, levels, langs, questions, games=req.games, fresh=fresh, seed=req.seed)


def _holds_something(out: Path) -> bool:
    """Whether the folder holds anything but what a build leaves in an empty one (its lock file, a write test,
    an empty data/ folder of a build stopped before it wrote its mark)."""
    from ..results.folders import LOCK_FILE

    ours = {LOCK_FILE, ".kozel-stats-write-test"}
    for entry in out.iterdir():
        if entry.name in ours:
            continue
        if entry.name == DATA_DIR and entry.is_dir() and not entry.is_symlink() and not any(entry.iterdir()):
            continue
        return True
    return False


def undo_empty(out: Path) -> None:
    """The folder a new build made, removed when the build stopped before it held anything (its lock file, an
    empty data/ aside): a cluster that could not be reached leaves nothing to --resume."""
    from ..results.folders import release_folders

    if _holds_something(out):
        return
    release_folders()
    with contextlib.suppress(OSError):
        for child in sorted(out.rglob("*"), reverse=True):
            child.rmdir() if child.is_dir() else child.unlink()
        out.rmdir()


def own(plan: AtlasPlan) -> None:
    """Make this build the one that writes into --out, before its first byte (the lock of the results folders,
    `results.lock_folder`): a second build into it stops here with nothing changed. What prepare() saw is
    checked again once the folder is ours (another build may have written its site meanwhile)."""
    from ..results.folders import lock_folder

    out = plan.request.out
    out.mkdir(exist_ok=True)  # prepare() has checked its parent (a failure: the system's words, exit 2)
    lock_folder(out, "--out")
    if plan.fresh and _holds_something(out):
        raise KozelError.keyed("atlas.raced", out=out)
    remove_half_files(out)


def remove_half_files(out: Path) -> None:
    """The half-written pages, cards and mark of a build killed while writing them (`files.write_atomic`'s
    `.NAME.PID.partial`): only the site's owner writes there, so they are removed. The results folders under
    data/ clean their own (their next owner)."""
    import re

    half = re.compile(r"^\..+\.\d+\.partial$")
    data = out / DATA_DIR
    for path in out.rglob(".*.partial"):
        inside = path.parent
        if data in path.parents and inside != data:  # a results folder's own
            continue
        if half.match(path.name) and path.is_file() and not path.is_symlink():
            path.unlink(missing_ok=True)


def check_backend(req: AtlasRequest) -> None:
    """--scheduler / --cluster / --connect-timeout, checked before anything is written (the cluster itself is
    reached only when a game is to be played)."""
    from ..play.cluster import check_backend_options

    if req.render_only and (req.scheduler is not None or req.cluster is not None or req.connect_timeout is not None):
        raise KozelError.keyed("atlas.render_only_plays_nothing")
    check_backend_options(req.scheduler, req.cluster, req.connect_timeout)


class SharedBackend:
    """The backend every comparison, the skill run and the sweep of one build play on, opened when the first
    folder needs playing (a --resume of a complete site starts nothing) and closed once at the end: one
    LocalCluster, or one pool of worker processes, for the whole build. A comparison of the reduced build
    (2,000 games) plays in a fraction of a second; starting its own pool took 2-3 s more (docs/atlas.md)."""

    def __init__(self, req: AtlasRequest, say: Callable[[str], None], lang: str):
        from contextlib import ExitStack

        self.req, self.say, self.lang = req, say, lang
        self.stack = ExitStack()
        self.chosen = None

    def get(self):
        from ..play.cluster import Backend, backend

        req = self.req
        if self.chosen is not None:
            return self.chosen
        where = req.scheduler or req.cluster
        if where is None:
            workers = req.workers or os.cpu_count() or 1
            # one worker plays in this process (no pool at all), as `compare --workers 1`
            self.chosen = Backend(self._pool(workers) if workers > 1 else None, workers, "local")
            return self.chosen
        self.say(BUILD_TEXT[self.lang]["on_dask"].format(where=where))
        self.chosen = self.stack.enter_context(backend(req.scheduler, req.cluster, None, req.connect_timeout))
        return self.chosen

    def _pool(self, workers: int):
        from ..play.runner import worker_pool

        pool = worker_pool(workers)
        self.stack.callback(self._close_pool, pool)
        return pool

    def _close_pool(self, pool) -> None:
        from ..play.runner import stop_pool

        if self.failed:  # interrupted or failed: the batches in flight are not wanted; no worker outlives us
            stop_pool(pool)
        else:
            pool.shutdown(wait=True)

    def __enter__(self) -> SharedBackend:
        self.failed = False
        return self

    def __exit__(self, kind, *_) -> None:
        self.failed = kind is not None
        self.stack.close()


def write_mark(plan: AtlasPlan) -> None:
    from ..system.files import write_text_atomic

    req = plan.request
    data = plan.request.out / DATA_DIR
    data.mkdir(parents=True, exist_ok=True)
    mark = {
        "format": FORMAT,
        "games": req.games,
        "expert_games": req.expert_games,
        "slow_expert_games": req.slow_expert_games,
        "seed": req.seed,
        "levels": [lv.name for lv in plan.levels],
        "questions": [q.variant for q in plan.questions],
        "langs": plan.langs,
        "extras": req.extras,
        "cards": req.cards,
        "site_url": req.site_url,
    }
    write_text_atomic(data / MARK_FILE, json.dumps(mark, indent=1) + "\n")


def started(folder: Path) -> bool:
    """Whether a results folder of the build holds a run to continue: its statistics. A folder that holds
    nothing else (the lock file of a run killed before its first checkpoint, a write test a full disk left
    behind) is played from the start."""
    from ..results.folders import STATS_FILE, holds_a_run

    return folder.is_dir() and ((folder / STATS_FILE).exists() or holds_a_run(folder))


def _state(folder: Path, plan: AtlasPlan | None = None, bots: str | None = None) -> tuple[bool, int]:
    """(complete, games per variant) of a question's results folder; with `plan`, a folder played with another
    seed or other bots than the site's is refused (a resume never mixes two builds in one site)."""
    from ..results.folders import load

    loaded = load(folder)
    if plan is not None:
        seed = loaded.plan.get("seed")
        played = sorted({b for a in loaded.plan.get("arms", []) for b in a.get("bots", [])})
        if seed != plan.seed or (bots is not None and played != [bots]):
            raise KozelError.keyed(
                "atlas.folder_mismatch",
                folder=folder,
                seed=seed,
                bots=",".join(played),
                site_seed=plan.seed,
                site_bots=bots or "-",
            )
    return bool(loaded.complete), int(loaded.stats.games)


def play(plan: AtlasPlan, say: Callable[[str], None], lang: str = "en") -> None:
    """Play every question at every level that is not yet played to --games: a new folder from the start,
    an interrupted or shorter one continued (`compare --resume`); then the skill run and the sweep. All of it
    on one backend: the local pool, --scheduler or --cluster (the same numbers on each)."""
    req = plan.request
    with SharedBackend(req, say, lang) as shared:
        if plan.fresh:  # a new site: a cluster that cannot be reached leaves nothing behind
            shared.get()
        write_mark(plan)
        play_questions(plan, say, lang, shared)
        if req.extras:
            play_skill(plan, say, lang, shared)
            play_sweep(plan, say, lang, shared)


def play_questions(plan: AtlasPlan, say: Callable[[str], None], lang: str, shared: SharedBackend) -> None:
    from ..answers.compare import CompareRequest, execute, prepare_request

    req = plan.request
    todo = [(q, lv) for q in plan.questions for lv in plan.levels]
    for step, (question, level) in enumerate(todo, 1):
        folder = folder_of(req.out, question.variant, level)
        target = games_at(req, level, question)
        where = f"[{step}/{len(todo)}] {question.variant} @ {level.name}"
        if started(folder):
            complete, games = _state(folder, plan, level.bot)
            if complete and games >= target:
                continue
            creq = CompareRequest([], games=target, resume=folder, workers=req.workers, lang=lang)
        else:
            folder.mkdir(parents=True, exist_ok=True)
            creq = CompareRequest(
                [question.baseline, question.variant],
                games=target,
                seed=plan.seed,
                bots=level.bot,
                workers=req.workers,
                out=folder,
                lang=lang,
            )
        shown = f"{target:,}".replace(",", " " if lang == "ru" else ",")  # ru: 20 000 (a plain space)
        say(BUILD_TEXT[lang]["playing"].format(where=where, games=shown))
        outcome = execute(prepare_request(creq), shared=shared.get())
        if outcome.result.interrupted:
            raise KeyboardInterrupt
        plan.played.append(str(folder))


def extras_level(plan: AtlasPlan) -> Level:
    """The level the skill-or-luck run and the sweep play at: the site's headline level, the player («игрок»:
    the level every question's answer leads with, `reference_level_of`) when played, else the highest of
    --levels but the expert (whose search would play the sweep's 64 rule sets for hours), else the expert."""
    names = [lv.name for lv in plan.levels]
    if "player" in names:
        return LEVELS["player"]
    fast = [lv for lv in plan.levels if lv.bot != "expert"]
    return fast[-1] if fast else plan.levels[0]


def skill_variants(plan: AtlasPlan) -> list[str]:
    return ["default"] + [q.variant for q in plan.questions if q.group == "yard"]


def play_skill(plan: AtlasPlan, say: Callable[[str], None], lang: str, shared: SharedBackend) -> None:
    """«Везение или мастерство»: compare --skill counter/random over the section-13 questions."""
    from ..answers.compare import CompareRequest, execute, prepare_request

    req = plan.request
    names = skill_variants(plan)
    if len(names) < 2:
        return
    folder = req.out / DATA_DIR / SKILL_DIR
    if started(folder):
        complete, games = _state(folder, plan)
        if complete and games >= plan.games:
            return
        creq = CompareRequest([], games=plan.games, resume=folder, workers=req.workers, lang=lang)
    else:
        folder.mkdir(parents=True, exist_ok=True)
        creq = CompareRequest(
            names,
            games=plan.games,
            seed=plan.seed,
            bots=extras_level(plan).bot,
            workers=req.workers,
            out=folder,
            lang=lang,
            skill=SKILL,
        )
    say(BUILD_TEXT[lang]["skill"].format(n=len(names), games=f"{plan.games:,}"))
    if execute(prepare_request(creq), shared=shared.get()).result.interrupted:
        raise KeyboardInterrupt


def play_sweep(plan: AtlasPlan, say: Callable[[str], None], lang: str, shared: SharedBackend) -> None:
    """«Что важнее всего»: the sweep of the section-13 knobs (a sample of SWEEP_CELLS cells)."""
    from ..answers.sweep import SweepRequest, execute, prepare_sweep

    req = plan.request
    folder = req.out / DATA_DIR / SWEEP_DIR
    target = max(plan.games, SWEEP_MIN_GAMES)
    if started(folder):
        complete, games = _state(folder, plan)
        if complete and games >= target:
            return
        sreq = SweepRequest(None, [], games=target, resume=folder, workers=req.workers, lang=lang)
    else:
        folder.mkdir(parents=True, exist_ok=True)
        sreq = SweepRequest(
            "default",
            list(SWEEP_VARY),
            games=target,
            seed=plan.seed,
            bots=extras_level(plan).bot,
            workers=req.workers,
            cells=SWEEP_CELLS,
            out=folder,
            lang=lang,
        )
    say(BUILD_TEXT[lang]["sweep"].format(cells=SWEEP_CELLS))
    if execute(prepare_sweep(sreq), shared=shared.get()).result.interrupted:
        raise KeyboardInterrupt


def reference_level_of(found: dict) -> str:
    """The level whose answer is a question's one line: the player («игрок») when played, else the highest."""
    return "player" if "player" in found else list(found)[-1]


def load_compare(folder: Path):
    """The ReportData of a comparison's results folder (what `kozel-stats report` renders)."""
    from ..answers.compare import analyse
    from ..present.report import ReportData
    from ..results.folders import arms_of, load

    loaded = load(folder)
    arms = arms_of(loaded.plan)
    analysis = analyse(arms, loaded.stats)
    meta = dict(loaded.summary.get("meta", {}), baseline=arms[0].name)
    meta["games_per_variant"] = analysis.games_per_variant
    meta.setdefault("seed", loaded.plan.get("seed"))
    meta.setdefault("bots", [",".join(arms[0].bots)])
    meta.setdefault(
        "variants",
        [{"name": a.name, "hash": a.variant.content_hash, "rules": a.variant.rule_dict} for a in arms],
    )
    if not loaded.complete:
        meta["interrupted"] = True
    return ReportData(meta, analysis)


def load_sweep_folder(folder: Path):
    """(summary, analysis) of the atlas's sweep, recomputed from its statistics (as `kozel-stats report`)."""
    from ..answers.sweep import summary_and_analysis

    return summary_and_analysis(folder)


def load_question(out: Path, question: Question, levels: list[Level]):
    """{level name: ReportData} of a question, for the levels whose folder exists (others are not yet
    played); a damaged folder is an error naming it."""
    found = {}
    for level in levels:
        folder = folder_of(out, question.variant, level)
        if folder.is_dir():
            found[level.name] = load_compare(folder)
    return found
