"""The `kozel-stats` command line: parses, calls the library, prints.

Heavy modules (numba, the engine) are imported inside the commands so that
`kozel-stats --help` starts fast.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from .roster import CHOICES as BOT_CHOICES

MAX_PLAY_GAMES = 1_000_000
BOTS_HELP = (
    f"Bots: one for all seats ({BOT_CHOICES}), one per seat "
    "(random,heavy,random,heavy) or one per side in pair games (A=counter,B=random)."
)
LEVEL_HELP = (
    "The level of play: beginner (every seat plays random), player (counter: counts the tiles; the default) or "
    "expert (expert: searches the deal). For any other mix of bots, --bots instead."
)
LEVELS_HELP = (
    "Run the comparison once per level (e.g. beginner,player,expert; the same deals) and say of every verdict "
    "whether it holds at every level."
)


def args_lang(args: list[str]) -> str:
    """The language a command line asks for, read before it is parsed: --lang ru|en (the atlas's ru,en: its
    first), else the locale's."""
    from .say import lang_from_env

    for i, arg in enumerate(args):
        value = arg.split("=", 1)[1] if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        first = (value or "").split(",")[0].strip()
        if first in ("ru", "en"):
            return first
    return lang_from_env()


# typer's own copy of click: its usage errors (an unknown option, a missing argument) are raised before any
# command runs, so friendly_errors never sees them
from typer._click.exceptions import NoArgsIsHelpError, UsageError  # noqa: E402


class UsageErrorRu(UsageError):
    """A usage error said in Russian, one paragraph like every other error (exit code 2)."""

    def __init__(self, exc: UsageError):
        super().__init__(exc.format_message(), exc.ctx)

    def show(self, file=None) -> None:
        from .say import t, translate

        said = translate(self.message).rstrip()
        said += "" if said.endswith((".", "?", "!")) else "."
        hint = f" Справка: `{self.ctx.command_path} --help`." if self.ctx is not None else ""
        typer.echo(t("error", "ru", said + hint), err=True)


class Group(typer.core.TyperGroup):
    """The command line's group: its usage errors speak the language the command line asks for."""

    def make_context(self, info_name, args, parent=None, **extra):
        lang = args_lang(list(args))
        try:
            ctx = super().make_context(info_name, args, parent=parent, **extra)
        except UsageError as exc:
            raise in_language(exc, lang) from None
        ctx.meta["kozel_lang"] = lang
        return ctx

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except UsageError as exc:
            raise in_language(exc, ctx.meta.get("kozel_lang", "en")) from None


def in_language(exc: UsageError, lang: str) -> UsageError:
    """`exc` as the user reads it: in Russian under --lang ru (the help shown for no arguments stays help)."""
    if lang != "ru" or isinstance(exc, (NoArgsIsHelpError, UsageErrorRu)):
        return exc
    return UsageErrorRu(exc)


app = typer.Typer(
    cls=Group,
    add_completion=False,
    rich_markup_mode=None,  # plain help: flags without a "<bool>" value, and less to import
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Settle arguments about the domino game Козёл with data: rule variants, games, records. "
    "Language (every command, --lang ru|en): --lang, else the locale (ru when LC_ALL, LC_MESSAGES or LANG "
    "starts with ru), else English.",
)
variants_app = typer.Typer(
    add_completion=False, rich_markup_mode=None, help="List the shipped rule variants, or show one resolved."
)
app.add_typer(variants_app, name="variants")


def err_console():
    """A rich console on stderr whose closed pipe (`compare … 2>&1 | head -1`) is a normal end, as stdout's."""
    from rich.console import Console

    class Quiet(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return Quiet(stderr=True)


def terminal():
    """A rich console as wide as the terminal (the tables fit 80 columns and up); piped to a file, 100
    columns, or $COLUMNS when it is set."""
    from rich.console import Console

    class Joined(Console):
        """A console that never wraps a number away from its «%» (rich wraps at any space, the
        non-breaking one too): 22,1 % is printed 22,1%."""

        def render_str(self, text: str, *args, **kwargs):
            from .say import join_percent

            return super().render_str(join_percent(text), *args, **kwargs)

        def on_broken_pipe(self) -> None:
            """The reader has gone (`compare … | head -1`): a normal end, as for every other command
            (friendly_errors: exit 0, nothing on stderr), not rich's own exit code 1."""
            self.quiet = True
            raise BrokenPipeError

    console = Joined()
    if console.is_terminal or os.environ.get("COLUMNS"):
        return console
    return Joined(width=100)


SCHEDULER_HELP = (
    "Play the batches on a running Dask cluster (tcp://HOST:PORT of its scheduler; needs "
    "pip install 'kozel-stats[dask]'). The result is bit-identical to a local run."
)
CLUSTER_HELP = "Play on a Dask LocalCluster of N worker processes started for this run: local:N."
CONNECT_HELP = "With --scheduler: seconds to reach the scheduler and hear its handshake (default 20)."
LANG_HELP = (
    "Language of everything printed (and of the report): ru or en; default: the locale (ru when LC_ALL, "
    "LC_MESSAGES or LANG starts with ru), else en. The same rule for every command."
)


def choose_lang(lang: str | None) -> str:
    """--lang, or the locale's language (ru when LC_ALL / LC_MESSAGES / LANG start with ru, else en)."""
    from .say import choose_lang as choose
    from .say import speak
    from .warmup import use_language

    chosen = choose(lang)
    use_language(chosen)  # the compile notice, printed before anything else, speaks it too
    speak(chosen)  # and every other notice
    return chosen


def fail(message: str, lang: str | None = None) -> None:
    """One paragraph on stderr and exit code 2; `message` is English or already in `lang`."""
    from .say import quiet_lang, t, translate

    language = quiet_lang(lang)
    typer.echo(t("error", language, translate(message) if language == "ru" else message), err=True)
    raise typer.Exit(2)


def _closed_pipe(fd: int) -> bool:
    """Whether `fd` is a pipe whose reader has gone."""
    import select
    import stat

    if not stat.S_ISFIFO(os.fstat(fd).st_mode):
        return False
    poller = select.poll()
    poller.register(fd, select.POLLERR)
    return any(event & (select.POLLERR | select.POLLHUP) for _, event in poller.poll(0))


def friendly_errors(func: Callable) -> Callable:
    """Bad input becomes one clear paragraph and exit code 2, never a traceback."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        from .errors import KozelError
        from .say import error_text, quiet_lang, t

        lang = quiet_lang(kwargs.get("lang"))  # --lang, else the locale: the errors speak it too
        try:
            return func(*args, **kwargs)
        except BrokenPipeError:  # `kozel-stats variants | head -1`: the reader has gone; end quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            with contextlib.suppress(OSError, ValueError, AttributeError):  # `… 2>&1 | head -1`: stderr's too
                if _closed_pipe(sys.stderr.fileno()):
                    os.dup2(devnull, sys.stderr.fileno())
            raise typer.Exit(0) from None
        except (KozelError, ValueError) as exc:
            fail(error_text(exc, lang), lang)
        except KeyboardInterrupt:
            from . import signals

            signals.hold()  # a second Ctrl-C now must not cut the message or the exit code short
            try:
                stopped = signals.received() or "Ctrl-C"
                signals.clear()
                fail(t("interrupted", lang, stopped), lang)
            finally:
                signals.release()
        except OSError as exc:  # the system's complaint, in Russian too (the strerror words are the C library's)
            from .phrasebook import os_error

            fail(os_error(exc, lang), lang)
        except typer.Exit:
            raise
        except Exception as exc:  # a bug, not bad input: one line, the traceback only on request
            if os.environ.get("KOZEL_DEBUG"):
                raise
            typer.echo(t("internal", lang, f"{type(exc).__name__}: {exc}"), err=True)
            raise typer.Exit(1) from None
        finally:  # the results folders this command owned are free again (their lock files removed)
            sys.modules["kozel_stats.say"].speak(None)  # the next command (in one process: tests) chooses again
            warmup = sys.modules.get("kozel_stats.warmup")
            if warmup is not None:
                warmup.use_language("en")  # and its compile notice too
            results = sys.modules.get("kozel_stats.results")
            if results is not None:
                results.release_folders()

    return wrapper


#: what a signal that comes once everything is saved is told, (en, ru): the run's, the report's
RUN_WHOLE = (
    "{} received after the run was complete: its results are whole; nothing to resume.",
    "{} получен, когда прогон уже закончен: его результаты целы, продолжать нечего.",
)
REPORT_WHOLE = (
    "{} received after the report was written: it is whole.",
    "{} получен, когда отчёт уже записан: он цел.",
)


def echo_err(text: str) -> None:
    typer.echo(text, err=True)


@contextmanager
def after_finished(
    finished: list, say: Callable[[str], None], lang: str, words: tuple[str, str] = RUN_WHOLE
) -> Iterator[None]:
    """A Ctrl-C or SIGTERM that arrives once the run has played every game and saved it (`finished`
    holds True) ends the command quietly, exit 0: the run is complete, there is nothing to resume."""
    from . import signals

    try:
        yield
    except KeyboardInterrupt:
        if not finished:
            raise
        stopped = signals.received() or "Ctrl-C"
        signals.clear()
        say(words[1 if lang == "ru" else 0].format(stopped))
    finally:
        if finished and signals.received():
            signals.clear()


def announce_compile(entry: str, seat_bots: list[str]) -> None:
    """Compile (or load) the kernel a command needs before it starts, saying so on stderr."""
    from . import signals
    from .trace import bot_array
    from .warmup import kernel_flavour, prepare

    prepare(entry, kernel_flavour(bot_array(seat_bots)) if seat_bots else 0, lambda line: typer.echo(line, err=True))
    signals.rearm()  # LLVM may have left its own SIGINT handler behind


@variants_app.callback(invoke_without_command=True)
@friendly_errors
def variants_list(ctx: typer.Context, lang: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    """List the shipped variants with their descriptions (80 columns, wrapped)."""
    if ctx.invoked_subcommand is not None:
        ctx.obj = lang  # `variants --lang ru show NAME` speaks Russian too
        return
    import textwrap

    from .rules import load_variant, shipped_dir

    language = choose_lang(lang)
    for path in sorted(shipped_dir().glob("*.yaml"), key=lambda f: f.stem):
        v = load_variant(path)
        title, text = v.title(language), v.describe(language)
        for sep in (" - ", " — ", ": ", ", "):  # the description does not repeat the title
            if text.lower().startswith(title.lower() + sep.rstrip()) and len(text) > len(title) + len(sep):
                text = text[len(title) + len(sep) :].lstrip(" -—:,")
                text = text[:1].upper() + text[1:]
                break
        typer.echo(f"{v.name} — {title}")
        typer.echo(textwrap.fill(text, 80, initial_indent="    ", subsequent_indent="    "))


@variants_app.command("show")
@friendly_errors
def variants_show(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="A shipped variant name (or its title) or a path to a .yaml file."),
    as_json: bool = typer.Option(False, "--json", help="Print the resolved variant as JSON."),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """Print the fully resolved rules of a variant (every knob, with the words of its rule)."""
    from .rules import KNOB_BY_NAME, load_variant
    from .say import source_text, t, value_word

    language = choose_lang(lang if lang is not None else ctx.obj)
    v = load_variant(name)
    if as_json:
        typer.echo(json.dumps(v.to_dict(), ensure_ascii=False, indent=2))
        return
    typer.echo(f"{v.name} — {v.title(language)}: {v.describe(language)}")
    typer.echo(t("source", language, source_text(v.source, language)))
    typer.echo(t("extends", language, v.extends or "-", v.game, v.content_hash))
    for key, value in v.rules:
        knob = KNOB_BY_NAME[key]
        shown = str(value).lower() if isinstance(value, bool) else value
        if language == "ru":
            detail = knob.value_meaning(value, "ru")
            word = value_word(key, value, "ru")
            if detail == word:
                detail = ""
            typer.echo(
                f"  {key:<16} {shown!s:<14} {knob.describe('ru')}"
                + (f" ({word}: {detail})" if detail else f" ({word})" if word != str(shown) else "")
            )
            continue
        detail = knob.meaning.get(str(value)) or knob.meaning.get(
            "double-NN" if str(value).startswith("double-") else "", ""
        )
        typer.echo(f"  {key:<16} {shown!s:<14} {knob.rule}" + (f" ({detail})" if detail else ""))


@app.command()
@friendly_errors
def play(
    variant: str = typer.Argument(..., help="A shipped variant name or a path to a .yaml file."),
    seed: int = typer.Option(1, "--seed", help="Run seed: game i is played from a seed derived from it."),
    games: int = typer.Option(1, "--games", help="Number of games (at most 1,000,000)."),
    bots: str = typer.Option("random", "--bots", help=BOTS_HELP),
    trace: Path | None = typer.Option(None, "--trace", help="Write kozel-trace/1 records (JSON Lines) here."),
    force: bool = typer.Option(False, "--force", help="Replace an existing --trace file."),
    game_seed: int | None = typer.Option(
        None, "--game-seed", help="Replay one game from the 'seed' field of a record (overrides --seed)."
    ),
    game_index: int | None = typer.Option(
        None,
        "--game",
        help="With --game-seed: the game's index in its run (the 'game' field of a record or of the games "
        "table); it decides the seats of the bots in odd games and the first-lead double under "
        "first_lead_cycle.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not print the deal-by-deal log."),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """Play games and print a readable deal-by-deal log; optionally write game records."""
    from . import signals
    from .errors import KozelError
    from .playlog import format_game
    from .results import check_new_file
    from .rules import load_variant
    from .say import count, t
    from .trace import RecordWriter, game_bots, parse_bots, record_game, run_seed_game

    language = choose_lang(lang)
    v = load_variant(variant)
    seats = parse_bots(bots, v["players"])
    if not 1 <= games <= MAX_PLAY_GAMES:
        raise KozelError(
            f"--games must be from 1 to {MAX_PLAY_GAMES:,} for play, not {games:,}.",
            ru=f"--games у play — от 1 до {count(MAX_PLAY_GAMES, 'ru')}, а не {count(games, 'ru')}.",
        )
    if not -(2**63) <= seed < 2**64:
        raise ValueError(f"--seed must fit in 64 bits, not {seed}.")
    if game_seed is not None:
        if not 0 <= game_seed < 2**63:
            raise ValueError(f"--game-seed must be from 0 to 2**63-1, not {game_seed}.")
        if game_index is None and v["first_lead_cycle"] != "none":
            raise ValueError(
                f"--game-seed needs --game with {v.name}: its first lead changes from game to game "
                f"(first_lead_cycle: {v['first_lead_cycle']}); give the record's 'game' field."
            )
        if game_index is not None and not 0 <= game_index < 2**62:
            raise ValueError(f"--game must be from 0 to 2**62-1, not {game_index}.")
        seeds = [game_seed]
    else:
        seeds = [run_seed_game(seed, g) for g in range(games)]
    if trace is not None:
        check_new_file(trace, force, "--trace")
    announce_compile("play_game", seats)
    with RecordWriter(trace, force) as writer:
        for g, s in enumerate(seeds):
            if game_seed is not None:
                g = game_index or 0
            record = record_game(v, s, game_bots(seats, g), game=g)
            with signals.protected():  # a record is written whole or not at all
                writer.write(record)
            if not quiet:
                typer.echo(format_game(record, v, language) + "\n")
            else:
                typer.echo(quiet_line(record, g, language))
    if trace is not None:
        typer.echo(t("wrote_records", language, n=len(seeds), path=trace), err=True)


def quiet_line(record: dict, g: int, lang: str) -> str:
    """One line per game of `play -q`: deals, who lost (a drawn match is a draw; only a game stopped at
    max_deals is cut off), the score."""
    from .say import t, titles

    pairs = record["sides"] == [[0, 2], [1, 3]]
    if record["loser"] is None:
        loser = t("draw" if "draw" in (record.get("titles") or []) else "cut_off", lang)
    elif pairs:
        loser = t("side_lost", lang, side="AB"[record["loser"]])
    else:
        loser = t("goat", lang, p=record["loser"])
    deals = len(record["deals"])
    return t("game_line", lang, g=g, deals=deals, loser=loser, score=record["final_score"]) + (
        f", {titles(record['titles'], lang)}" if titles(record["titles"], lang) else ""
    )


@app.command()
@friendly_errors
def replay(
    records: Path = typer.Argument(..., help="A kozel-trace/1 JSON Lines file."),
    variant: str | None = typer.Option(
        None, "--variant", help="Rules to check against (default: each record's 'variant' field)."
    ),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """Replay recorded games through the engine; report any illegal move or wrong score."""
    from .errors import KozelError
    from .rules import load_variant
    from .say import replay_problem, t
    from .trace import read_records, replay_record

    language = choose_lang(lang)

    forced = load_variant(variant) if variant else None
    announce_compile("play_game", [])
    cache: dict = {}
    n_games = n_bad = 0
    for lineno, record in read_records(records):
        where = f"{records}, line {lineno}"
        if forced is not None:
            v = forced
        else:
            name = record.get("variant")
            if not isinstance(name, str):
                raise KozelError(
                    f"{where}: field 'variant' missing; pass --variant.",
                    ru=f"{records}, строка {lineno}: нет поля 'variant'; укажите --variant.",
                )
            if name not in cache:
                try:
                    cache[name] = load_variant(name)
                except (KozelError, ValueError, OSError) as exc:
                    from .say import error_text

                    raise KozelError(  # the variant's own error, in the user's language too
                        f"{where}, field 'variant': {exc}",
                        ru=f"{records}, строка {lineno}, поле 'variant': {error_text(exc, 'ru')}",
                    ) from None
            v = cache[name]
        problems = replay_record(record, v, where)
        n_games += 1
        if problems:
            n_bad += 1
            for problem in problems:
                typer.echo(t("replay_line", language, line=lineno, problem=replay_problem(problem, language)))
        else:
            deals = len(record["deals"])
            typer.echo(t("replay_ok", language, line=lineno, game=record.get("game", "?"), deals=deals))
    if n_games == 0:
        raise KozelError(f"{records}: holds no game records.", ru=f"{records}: в файле нет записей партий.")
    typer.echo(t("replay_total", language, n=n_games, ok=n_games - n_bad, bad=n_bad))
    if n_bad:
        raise typer.Exit(1)


COMPARE_VARIANTS_HELP = (
    "Variant names (or Russian titles), .yaml files or folders of them (the first is the baseline unless "
    "default is among them or --baseline says otherwise). A variant with knobs changed is written "
    "BASE+knob=value+knob=value, e.g. default+threshold=none or osel+target=125+general=true "
    "(`kozel-stats variants show default` lists the knobs)."
)

COMPARE_GAMES_HELP = "Games per variant (default 100,000; the start, with --precision; with --resume, the new target)."

PRECISION_HELP = (
    "Add games until every headline interval is this narrow (rates: absolute, 0.005 = ±0.5 pp; "
    "others: relative to the value), up to --max-games."
)

COMPARE_MARGIN_HELP = (
    "Also say whether each difference is within ±MARGIN of the baseline value "
    "(0.05 = 5%), by two one-sided tests: 'the same within ±5%'."
)

COMPARE_OUT_HELP = (
    "Write the results folder here (stats.json, summary.json, "
    "tables; docs/results.md). An existing run is never overwritten."
)

COMPARE_RESUME_HELP = (
    "Continue the interrupted run saved in this folder (the result is the same as an uninterrupted run)."
)

CARD_HELP = (
    "Also write the headline of every variant as a card to paste into a chat: FILE.txt (text) or "
    "FILE.png (a picture, drawn by Chromium)."
)

BOTS_MATRIX_HELP = "Run the comparison once per bot (e.g. random,heavy,counter) and say which verdicts survive."

SKILL_HELP = (
    "Skill or luck, e.g. counter/random: per variant, the share of games the STRONG side wins against "
    "the WEAK one in duplicate play (the same deals, sides swapped), how often the same side loses both "
    "times when the --bots play every game twice from the same deals (the deal decides), and the leader's "
    "advantage; every game is played three more times."
)


@app.command()
@friendly_errors
def compare(
    variants: list[str] | None = typer.Argument(None, help=COMPARE_VARIANTS_HELP),
    games: int | None = typer.Option(None, "--games", help=COMPARE_GAMES_HELP),
    seed: int = typer.Option(1, "--seed", help="Run seed: fixes every number of the output."),
    level: str | None = typer.Option(None, "--level", help=LEVEL_HELP),
    levels: str | None = typer.Option(None, "--levels", help=LEVELS_HELP),
    bots: str | None = typer.Option(None, "--bots", help=BOTS_HELP),
    workers: int | None = typer.Option(None, "--workers", help="Worker processes (default: all cores)."),
    baseline: str | None = typer.Option(None, "--baseline", help="Variant to compare against (default: default)."),
    precision: float | None = typer.Option(None, "--precision", help=PRECISION_HELP),
    max_games: int | None = typer.Option(
        None, "--max-games", help="With --precision: the most games per variant (default 10,000,000)."
    ),
    margin: float | None = typer.Option(None, "--margin", help=COMPARE_MARGIN_HELP),
    out: Path | None = typer.Option(None, "--out", help=COMPARE_OUT_HELP),
    force: bool = typer.Option(False, "--force", help="Replace the run already in --out (or an existing --report)."),
    resume: Path | None = typer.Option(None, "--resume", help=COMPARE_RESUME_HELP),
    games_table: bool = typer.Option(
        False, "--games-table", help="With --out: also write one row per game (games/*.parquet)."
    ),
    deals: bool = typer.Option(
        False, "--deals", help="With --out: also write one row per deal (deals/*.parquet; large)."
    ),
    csv: bool = typer.Option(False, "--csv", help="With --out: also write CSV copies of the tables."),
    details: bool | None = typer.Option(None, "--details/--brief", help="Per-variant tables (default: <= 3 variants)."),
    batch_size: int | None = typer.Option(
        None,
        "--batch-size",
        help="Games per unit of work (default: games / (4 x workers), between 1,000 and 50,000; "
        "with the expert or the sampler, from 1 game: they search every move).",
    ),
    report: Path | None = typer.Option(None, "--report", help="Write a self-contained HTML report here."),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    card: Path | None = typer.Option(None, "--card", help=CARD_HELP),
    bots_matrix: str | None = typer.Option(None, "--bots-matrix", help=BOTS_MATRIX_HELP),
    scheduler: str | None = typer.Option(None, "--scheduler", help=SCHEDULER_HELP),
    cluster: str | None = typer.Option(None, "--cluster", help=CLUSTER_HELP),
    connect_timeout: float | None = typer.Option(None, "--connect-timeout", help=CONNECT_HELP),
    skill: str | None = typer.Option(None, "--skill", help=SKILL_HELP),
) -> None:
    """Compare rule variants by Monte Carlo: game length, naked goats, fish and more, against a baseline."""
    from .compare import CompareRequest

    request = CompareRequest(
        variants or [],
        games,
        seed,
        bots,
        workers,
        baseline,
        precision,
        max_games,
        margin,
        out,
        force,
        resume,
        games_table,
        deals,
        csv,
        report,
        choose_lang(lang),
        batch_size,
        bots_matrix,
        card=card,
        scheduler=scheduler,
        cluster=cluster,
        skill=skill,
        connect_timeout=connect_timeout,
        level=level,
        levels=levels,
    )
    compare_and_print(request, details)


def compare_and_print(request, details: bool | None) -> None:
    """`compare` after parsing: check the request, play it (or its bots matrix) and print the outcome."""

    from . import signals
    from .compare import execute, prepare_request
    from .progress import GamesProgress
    from .tables import print_analysis

    # as given: prepare_request turns them on for a --resume folder that holds those tables
    games_table, deals = request.games_table, request.deals
    prepared = prepare_request(request)  # every check, before anything is written or played
    console = terminal()
    err = err_console()
    if prepared.mixes:
        return compare_matrix(prepared, console, err)
    finished: list[bool] = []  # the run played every game and saved them: a signal after that changes nothing
    with after_finished(finished, err.print, request.lang), signals.protected():  # only the games stop
        with GamesProgress(err, [v.name for v in prepared.variants], lang=request.lang) as progress:
            outcome = execute(prepared, progress, on_compile=err.print)
        result = outcome.result
        stopped = (signals.received() or "Ctrl-C") if result.interrupted else None
        if not result.interrupted:
            finished.append(True)
        else:
            signals.clear()
        if outcome.analysis.games_per_variant == 0:
            fail(f"interrupted ({stopped}) before any batch of games finished; nothing to keep.", request.lang)
        print_analysis(console, outcome.summary["meta"], outcome.analysis, details, request.lang)
        if request.out is not None:
            err.print(
                f"{'результаты записаны в' if request.lang == 'ru' else 'results written to'} {request.out}/ "
                "(stats.json, summary.json, by_deal.parquet, fish_sums.parquet"
                + (", games/" if games_table else "")
                + (", deals/" if deals else "")
                + ")"
            )
        ru = request.lang == "ru"
        if request.report is not None:
            err.print(f"{'отчёт записан в' if ru else 'report written to'} {request.report}")
        if request.card is not None:
            err.print(f"{'карточка записана в' if ru else 'card written to'} {request.card}")
        print_games_played(err, outcome.analysis.games_per_variant, result, request.lang)
        if stopped:
            fail_interrupted(
                stopped, outcome.analysis.games_per_variant, request.out, request.lang, "вариант", "variant"
            )


def print_games_played(err, games: int, result, lang: str) -> None:
    """How many games per variant were played, in how long, and how long compiling the engine took."""
    from .words import count, seconds

    ru = lang == "ru"
    games_done = count(games, lang)
    err.print(
        (
            f"сыграно партий на вариант: {games_done}, за {seconds(result.duration, 'ru')}"
            if ru
            else f"{games_done} games per variant played in {result.duration:.1f} s"
        )
        + (
            (
                f" (сначала компиляция движка: {result.compile_seconds:.0f} с процессора)"
                if ru
                else f" (compiling the engine first took {result.compile_seconds:.0f} s of CPU)"
            )
            if result.compile_seconds >= 1
            else ""
        )
    )


def fail_interrupted(stopped: str, n: int, out: Path | None, lang: str, per_ru: str, per_en: str) -> None:
    """Exit 2 after a signal stopped the run: `n` games per variant (or cell) were played, saved in `out`."""
    from .say import plural_ru
    from .words import count

    kept_ru = f"они сохранены в {out} (продолжить: --resume {out})." if out else "числа выше — по ним."
    kept_en = (
        f"those games are saved in {out} (continue with --resume {out})." if out else "the statistics above cover them."
    )
    games = plural_ru(n, "партии", "партий", "партий")
    fail(
        f"прервано ({stopped}) после {count(n, 'ru')} {games} на {per_ru}; {kept_ru}"
        if lang == "ru"
        else f"interrupted ({stopped}) after {n:,} games per {per_en}; {kept_en}",
        lang,
    )


@app.command()
@friendly_errors
def sweep(
    base: str | None = typer.Argument(
        None, help="The base variant: a name (or its title), a .yaml file, or BASE+knob=value (default+target=125)."
    ),
    vary: list[str] = typer.Option(
        [],
        "--vary",
        help="A knob and its values, e.g. --vary threshold=once,every-deal,none (repeat for more knobs). "
        "Every combination is a cell.",
    ),
    games: int | None = typer.Option(None, "--games", help="Games per cell (default 20,000)."),
    seed: int = typer.Option(1, "--seed", help="Run seed: fixes every number of the output."),
    level: str | None = typer.Option(None, "--level", help=LEVEL_HELP),
    levels: str | None = typer.Option(
        None,
        "--levels",
        help="Play the sweep at each of these levels on the same deals (e.g. beginner,player,expert) and say "
        "whether each rule's effect holds at every level; --out and --report keep the player level's sweep "
        "in full with every level's effects.",
    ),
    bots: str | None = typer.Option(None, "--bots", help=BOTS_HELP),
    workers: int | None = typer.Option(None, "--workers", help="Worker processes (default: all cores)."),
    cells: int | None = typer.Option(
        None, "--cells", help="Play only N cells of a large grid: the reference cell and a seeded random subset."
    ),
    metrics: str | None = typer.Option(
        None,
        "--metrics",
        help="The metrics whose effects are estimated, comma-separated (default: the four headline metrics).",
    ),
    margin: float | None = typer.Option(
        None, "--margin", help="Also say whether each main effect is within ±MARGIN of the reference value."
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Write the results folder here (stats.json, summary.json, effects.parquet, cells.parquet). "
        "An existing run is never overwritten.",
    ),
    force: bool = typer.Option(False, "--force", help="Replace the run already in --out (or an existing --report)."),
    resume: Path | None = typer.Option(None, "--resume", help="Continue the interrupted sweep saved in this folder."),
    csv: bool = typer.Option(False, "--csv", help="With --out: also write CSV copies of the tables."),
    batch_size: int | None = typer.Option(None, "--batch-size", help="Games per unit of work."),
    report: Path | None = typer.Option(None, "--report", help="Write a self-contained HTML report here."),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    scheduler: str | None = typer.Option(None, "--scheduler", help=SCHEDULER_HELP),
    cluster: str | None = typer.Option(None, "--cluster", help=CLUSTER_HELP),
    connect_timeout: float | None = typer.Option(None, "--connect-timeout", help=CONNECT_HELP),
) -> None:
    """Which rule matters most: play every combination of knob values and rank the knobs by their effect."""
    from .sweep import SweepRequest

    request = SweepRequest(
        base,
        list(vary),
        games,
        seed,
        bots,
        workers,
        cells,
        [m.strip() for m in metrics.split(",") if m.strip()] if metrics else None,
        margin,
        out,
        force,
        resume,
        csv,
        report,
        choose_lang(lang),
        batch_size,
        scheduler,
        cluster,
        connect_timeout,
        level,
        levels,
    )
    sweep_and_print(request)


def sweep_and_print(request) -> None:
    """`sweep` after parsing: check the request, play every cell and print the knobs' effects."""

    from . import signals
    from .progress import GamesProgress
    from .sweep import execute, prepare_sweep
    from .sweep_report import terminal_lines

    prepared = prepare_sweep(request)  # every check, before anything is written or played
    console = terminal()
    err = err_console()
    if prepared.levels:
        return sweep_levels_and_print(prepared, console, err)
    ru = request.lang == "ru"
    finished: list[bool] = []  # as in compare: a signal after every game was played and saved changes nothing
    with after_finished(finished, err.print, request.lang), signals.protected():
        names = [c.name for c in prepared.grid.cells]
        with GamesProgress(err, names, lang=request.lang) as progress:
            outcome = execute(prepared, progress, on_compile=err.print)
        stopped = (signals.received() or "Ctrl-C") if outcome.result.interrupted else None
        if not outcome.result.interrupted and outcome.analysis is not None:
            finished.append(True)
        else:
            signals.clear()
        if outcome.analysis is None:
            fail(f"interrupted ({stopped}) before two games of every cell finished; nothing to keep.", request.lang)
        for line in terminal_lines(outcome.summary, outcome.analysis, request.lang):
            console.print(line, markup=False, highlight=False)
        if request.out is not None:
            err.print(f"{'результаты записаны в' if ru else 'results written to'} {request.out}/")
        if request.report is not None:
            err.print(f"{'отчёт записан в' if ru else 'report written to'} {request.report}")
        from .words import count, seconds

        done = count(outcome.result.games, request.lang)
        err.print(
            f"сыграно партий на клетку: {done}, за {seconds(outcome.result.duration, 'ru')}"
            if ru
            else f"{done} games per cell played in {outcome.result.duration:.1f} s"
        )
        if stopped:
            fail_interrupted(stopped, outcome.result.games, request.out, request.lang, "клетку", "cell")


def sweep_levels_and_print(prepared, console, err) -> None:
    """`sweep --levels`: the sweep at each level on the same deals; the lead level's answer in full, then
    whether each rule's effect holds at every level."""
    import contextlib

    from . import signals
    from .progress import GamesProgress
    from .say import count, plural
    from .sweep import execute_levels, lead_level

    req = prepared.request
    ru = req.lang == "ru"
    names = [c.name for c in prepared.grid.cells]

    @contextlib.contextmanager
    def progress_for(lv):
        err.print(
            f"{lv.ru}: играем по {count(prepared.games, 'ru')} "
            f"{plural(prepared.games, 'партии', 'партий', 'партий')} на клетку…"
            if ru
            else f"{lv.en}: playing {prepared.games:,} games per cell ..."
        )
        with GamesProgress(err, names, lang=req.lang) as progress:
            yield progress

    finished: list[bool] = []
    with after_finished(finished, err.print, req.lang), signals.protected():
        outcome = execute_levels(prepared, progress_for, on_compile=err.print)
        if outcome is None:
            stopped = signals.received() or "Ctrl-C"
            signals.clear()
            lead = lead_level(prepared.levels)
            kept = (
                (
                    f"; сыгранное на уровне «{lead.ru}» сохранено в {req.out} (продолжить: --resume {req.out})"
                    if ru
                    else f"; what the {lead.en} level played is saved in {req.out} (continue with --resume {req.out})"
                )
                if req.out is not None and (req.out / "stats.json").exists()
                else ""
            )
            fail(
                f"прервано ({stopped}) до конца всех уровней; сравнения уровней нет{kept}."
                if ru
                else f"interrupted ({stopped}) before every level was played; no comparison of the levels{kept}.",
                req.lang,
            )
            return
        finished.append(True)
        lead = outcome.outcomes[outcome.lead]
        print_sweep(console, lead.summary, lead.analysis, req.lang)
        if req.out is not None:
            err.print(f"{'результаты записаны в' if ru else 'results written to'} {req.out}/")
        if req.report is not None:
            err.print(f"{'отчёт записан в' if ru else 'report written to'} {req.report}")


def print_sweep(console, summary: dict, analysis, lang: str) -> None:
    """A sweep's answer in the terminal; after `--levels`, also whether each effect holds at every level."""
    from .sweep_report import levels_ranking, levels_table, terminal_lines

    for line in terminal_lines(summary, analysis, lang):
        console.print(line, markup=False, highlight=False)
    block = summary.get("levels")
    if block:
        console.print(levels_table(block, lang))
        for line in levels_ranking(block, lang):
            console.print(line, markup=False, highlight=False)


def mix_label(mix: str, prepared, lang: str, short: bool = False) -> str:
    """A run of the matrix: the level's name under --levels (the bot in brackets unless `short`: a column
    of an 80-column table), else the bot's."""
    from .words import bot_name

    found = next((lv for lv in prepared.levels if lv.bot == mix), None) if prepared.levels else None
    name = bot_name(mix, "ru") if lang == "ru" else mix
    if found is None:
        return name
    level_name = found.ru if lang == "ru" else found.en
    return level_name if short else f"{level_name} ({name})"


def level_rows(rows: list[dict], prepared) -> None:
    """--levels: each row also says how its verdict fares across the levels (levels.across_levels)."""
    from .levels import across_levels

    for row in rows:
        row["across_levels"] = across_levels(
            {
                lv.name: (row["by_mix"][lv.bot]["diff"] if row["by_mix"][lv.bot]["significant"] else None)
                for lv in prepared.levels
                if lv.bot in row["by_mix"]
            }
        )


def compare_matrix(prepared, console, err) -> None:
    """The same comparison under each bot (or level of play); a table of which verdicts keep sign and
    significance."""
    from . import signals
    from .duel import robustness

    finished: list[bool] = []  # every bot's run played: a signal after that changes nothing
    lead = lead_mix(prepared)
    with after_finished(finished, err.print, prepared.request.lang), signals.protected():
        # the run kept in full last, checkpointed into --out as it plays (a resume continues it and plays the
        # other levels again: the same seed, the same games)
        played = {mix: play_mix(prepared, mix, err) for mix in prepared.mixes if mix != lead}
        played[lead] = play_mix(prepared, lead, err)
        outcomes = {mix: played[mix] for mix in prepared.mixes}
        finished.append(True)
        rows = robustness({mix: outcome.analysis.comparisons for mix, outcome in outcomes.items()})
        if prepared.levels:
            level_rows(rows, prepared)
        console.print(matrix_table(prepared, rows))
        save_matrix(prepared, outcomes, rows, err)


def lead_mix(prepared) -> str:
    """The run of the matrix saved in full: the default level's under --levels (the answer the quick start
    gives), else the first bot's."""
    from .levels import DEFAULT_LEVEL

    return next((lv.bot for lv in prepared.levels if lv.name == DEFAULT_LEVEL), prepared.mixes[0])


def matrix_plan(prepared, arms, pairs, command: str) -> dict:
    """stats.json's plan of a matrix run: the lead run's, with the levels (what --resume continues)."""
    from .results import plan_json

    extra = {"games": prepared.games}
    if prepared.levels:
        extra["levels"] = [lv.name for lv in prepared.levels]
    return plan_json(arms, pairs, prepared.seed, prepared.request.batch_size, command, extra)


def lead_checkpoint(prepared, mix: str):
    """The lead run's checkpoint into --out under --levels (every CHECKPOINT_EVERY seconds, as a plain
    comparison's), else None."""
    import time

    from .compare import CHECKPOINT_EVERY, choose_variants, plan_arms, reproduce_command
    from .results import write_stats

    req = prepared.request
    if req.out is None or not prepared.levels or mix != lead_mix(prepared):
        return None
    variants, baseline = choose_variants(prepared.variants, prepared.baseline)
    arms, pairs = plan_arms(variants, [mix])
    command = reproduce_command(variants, prepared.games, prepared.seed, [mix], baseline, None, None, None)
    plan = matrix_plan(prepared, arms, pairs, command)
    last = [time.monotonic()]

    def checkpoint(run) -> None:
        if time.monotonic() - last[0] >= CHECKPOINT_EVERY:
            write_stats(req.out, plan, run, complete=False)
            last[0] = time.monotonic()

    checkpoint.plan = plan  # type: ignore[attr-defined]
    return checkpoint


def play_mix(prepared, mix: str, err):
    """One run of the matrix: every variant with every seat playing `mix`; exit 2 if a signal stops it."""
    from . import signals
    from .compare import run_compare
    from .say import count, plural
    from .words import bot_name

    req = prepared.request
    ru = req.lang == "ru"
    checkpoint = lead_checkpoint(prepared, mix)
    lead = checkpoint is not None
    err.print(
        f"{mix_label(mix, prepared, req.lang)}: играем по {count(prepared.games, 'ru')} "
        f"{plural(prepared.games, 'партии', 'партий', 'партий')} на вариант…"
        if ru and prepared.levels
        else f"{mix_label(mix, prepared, req.lang)}: playing {prepared.games:,} games per variant ..."
        if prepared.levels
        else f"боты {bot_name(mix, 'ru')}: играем по {count(prepared.games, 'ru')} "
        f"{plural(prepared.games, 'партии', 'партий', 'партий')} на вариант…"
        if ru
        else f"bots {mix}: playing {prepared.games:,} games per variant ..."
    )
    outcome = run_compare(
        prepared.variants,
        prepared.games,
        prepared.seed,
        [mix],
        req.workers,
        prepared.baseline,
        None,
        None,
        req.batch_size,
        on_compile=err.print,
        start=prepared.start if lead else None,
        on_batch=checkpoint,
    )
    if lead and (outcome.result.interrupted or signals.received()) and outcome.analysis.games_per_variant > 0:
        from .results import write_stats
        from .say import t

        assert checkpoint is not None
        write_stats(req.out, checkpoint.plan, outcome.result.stats, complete=False)  # type: ignore[attr-defined]
        stopped = signals.received() or "Ctrl-C"
        signals.clear()
        fail(t("compare.levels_kept", req.lang, stopped=stopped, out=req.out, n=outcome.analysis.games_per_variant))
    if outcome.result.interrupted or signals.received():
        signals.clear()
        fail(
            f"прервано во время прогона с ботами {bot_name(mix, 'ru')}; из матрицы ничего не сохранено."
            if ru
            else f"interrupted during the {mix} run; nothing of the matrix is saved.",
            req.lang,
        )
    return outcome


def matrix_table(prepared, rows: list[dict]):
    """The matrix: per variant and metric, the difference under each bot (or level) and the verdict."""
    from rich import box
    from rich.table import Table

    from .levels import across_words
    from .metrics import METRIC_BY_NAME
    from .say import count, plural
    from .tables import fmt_value
    from .words import label

    req = prepared.request
    ru = req.lang == "ru"
    games = prepared.games
    table = Table(
        title=(
            (
                f"Держится ли вывод на каждом уровне игры? ({count(games, 'ru')} "
                f"{plural(games, 'партия', 'партии', 'партий')} на вариант и уровень; * — значимо)"
                if ru
                else f"Does the verdict hold at every level of play? ({games:,} games per variant and level; "
                "* significant)"
            )
            if prepared.levels
            else f"Держится ли вывод при других ботах? ({count(games, 'ru')} "
            f"{plural(games, 'партия', 'партии', 'партий')} на вариант и бота; * — значимо)"
            if ru
            else f"Does the verdict survive a change of bots? ({games:,} games per variant and bot; * significant)"
        ),
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    table.add_column("вариант" if ru else "variant", no_wrap=True, max_width=22)
    table.add_column("показатель" if ru else "metric", max_width=24)
    for mix in prepared.mixes:
        table.add_column(mix_label(mix, prepared, req.lang, short=True), justify="right", no_wrap=True)
    table.add_column("вывод" if ru else "verdict", no_wrap=True)
    verdict_ru = {"robust": "держится", "depends on bots": "зависит от ботов", "no effect": "нет эффекта"}
    for row in rows:
        if row["verdict"] == "no effect" and not METRIC_BY_NAME[row["metric"]].headline:
            continue
        cells = []
        for mix in prepared.mixes:
            c = row["by_mix"].get(mix)
            cells.append(
                "–"
                if c is None
                else fmt_value(row["metric"], c["diff"], True, req.lang) + ("*" if c["significant"] else "")
            )
        style = {"robust": "bold green", "depends on bots": "bold yellow"}.get(row["verdict"], "dim")
        word = verdict_ru.get(row["verdict"], row["verdict"]) if ru else row["verdict"]
        if "across_levels" in row:
            word = across_words(row["across_levels"], req.lang)
        table.add_row(
            row["variant"],
            label(row["metric"], "ru") if ru else METRIC_BY_NAME[row["metric"]].label,
            *cells,
            f"[{style}]{word}[/{style}]",
        )
    return table


def save_matrix(prepared, outcomes: dict, rows: list[dict], err) -> None:
    """--out, --report and --card of the matrix: one run in full and the verdicts of them all."""
    from .results import save, to_jsonable

    req = prepared.request
    ru = req.lang == "ru"
    lead = lead_mix(prepared)
    first = outcomes[lead]
    matrix = {"bots": prepared.mixes, "levels": [lv.name for lv in prepared.levels] or None, "rows": rows}
    if req.out is not None:
        summary = dict(first.summary, matrix={**matrix, "summaries": {m: o.summary for m, o in outcomes.items()}})
        plan = matrix_plan(prepared, first.result.arms, first.result.pairs, first.summary["meta"]["command"])
        save(req.out, plan, first.result.stats, to_jsonable(summary), first.analysis)
        err.print(
            f"результаты прогона с ботами {mix_label(lead, prepared, 'ru')} и матрица записаны в {req.out}/"
            if ru
            else f"results of the {mix_label(lead, prepared, 'en')} run and the matrix written to {req.out}/"
        )
    if req.report is None and req.card is None:
        return
    from .report import ReportData, write, write_card

    data = ReportData(first.summary["meta"], first.analysis, matrix)
    if req.report is not None:
        write(req.report, data, req.lang)
        err.print(
            f"отчёт записан в {req.report} (прогон с ботами {mix_label(lead, prepared, 'ru')} полностью "
            "и выводы при каждом боте)"
            if ru
            else f"report written to {req.report} (the {mix_label(lead, prepared, 'en')} run in full, and the "
            "verdicts under every bot)"
        )
    if req.card is not None:  # the card of the run kept in full, each verdict with how it fares in the others
        write_card(req.card, data, req.lang)
        err.print(f"{'карточка записана в' if ru else 'card written to'} {req.card}")


@app.command()
@friendly_errors
def duel(
    bot_a: str = typer.Argument(..., help="The bot of side A."),
    bot_b: str = typer.Argument(..., help="The bot of side B."),
    variant: str = typer.Option("default", "--variant", help="Rules to play (a name or a .yaml file)."),
    games: int = typer.Option(
        20_000, "--games", help="Deal sequences (2 to 100,000,000); each is played twice, seats swapped."
    ),
    seed: int = typer.Option(1, "--seed", help="Run seed."),
    workers: int | None = typer.Option(None, "--workers", help="Worker processes (default: all cores)."),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """Side A with one bot against side B with another, in duplicate (the same deals, seats swapped)."""
    from .bots import parse_bot
    from .duel import run_duel
    from .errors import KozelError
    from .rules import load_variant
    from .say import count, decimal, percent, plural, t, translate

    language = choose_lang(lang)
    for side, name in (("A", bot_a), ("B", bot_b)):
        try:
            parse_bot(name)
        except ValueError as exc:
            raise KozelError(f"the bot of side {side}: {exc}", ru=f"бот пары {side}: {translate(str(exc))}") from None
    if not 2 <= games <= 100_000_000:
        raise KozelError(
            f"--games must be from 2 to 100,000,000, not {games:,}.",
            ru=f"--games — от 2 до 100 000 000, а не {count(games, 'ru')}.",
        )
    if workers is not None and not 1 <= workers <= 4096:
        raise KozelError(
            f"--workers must be from 1 to 4096, not {workers}.", ru=f"--workers — от 1 до 4096, а не {workers}."
        )
    v = load_variant(variant)
    announce_compile("play_batch", [bot_a, bot_b, bot_a, bot_b])
    r = run_duel(v, bot_a, bot_b, games, seed, workers)
    if language == "ru":
        from .words import bot_name

        a, b = bot_name(bot_a, "ru"), bot_name(bot_b, "ru")
        pairs = f"{count(r.pairs, 'ru')} {plural(r.pairs, 'серия', 'серии', 'серий')} сдач"
        variant_name = v.title("ru")
    else:
        a, b, pairs, variant_name = bot_a, bot_b, f"{r.pairs:,}", v.name
    pct = lambda x: percent(x, 2, language)  # noqa: E731
    num = lambda x: decimal(x * 100, 2, language)  # noqa: E731
    elo = lambda x: decimal(x, 0, language, signed=True)  # noqa: E731
    typer.echo(t("duel_head", language, a=a, b=b, variant=variant_name, pairs=pairs))
    typer.echo(t("duel_wins", language, a=a, rate=pct(r.win_rate), low=num(r.low), high=pct(r.high)))
    typer.echo(t("duel_elo", language, elo=elo(r.elo), low=elo(r.elo_low), high=elo(r.elo_high)))
    typer.echo(t("duel_deals", language, decimal(r.deals_per_game, 2, language)))
    typer.echo(t("duel_naked", language, a=a, b=b, na=pct(r.naked_a), nb=pct(r.naked_b)))
    if r.low > 0.5:
        typer.echo(t("duel_stronger", language, a, b))
    elif r.high < 0.5:
        typer.echo(t("duel_stronger", language, b, a))
    else:
        typer.echo(t("duel_none", language))


def analysis_of(folder: Path, baseline: str | None, margin: float | None = None):
    """The statistics of a saved results folder, against the run's baseline or another."""
    from .compare import analyse
    from .results import arms_of, load

    loaded = load(folder)
    arms = arms_of(loaded.plan)
    names = [a.name for a in arms]
    chosen = baseline or names[0]
    if chosen not in names:
        raise ValueError(f"--baseline {chosen!r} is not in {folder} (variants: {', '.join(names)}).")
    index = names.index(chosen)
    stats = loaded.stats
    if index != 0:  # the saved cross sums are with the run's baseline only
        stats = type(stats)(stats.arms, {}, stats.games, stats.ranges)
    analysis = analyse(arms, stats, baseline=index, margin=margin)
    if loaded.unpaired:
        analysis.notes.append(
            "the variants of this folder did not play the same games: every comparison is "
            "unpaired (independent samples)."
        )
    elif index != 0:
        analysis.notes.append(
            f"{folder} holds the paired sums against {names[0]} only: the comparisons with "
            f"{chosen} are unpaired (independent samples), much less sharp."
        )
    meta = dict(loaded.summary.get("meta", {}), baseline=chosen, games_per_variant=analysis.games_per_variant)
    meta.setdefault("seed", loaded.plan.get("seed"))
    meta.setdefault("bots", [",".join(arms[0].bots)])
    meta.setdefault(
        "variants",
        [
            {
                "name": a.name,
                "hash": a.variant.content_hash,
                "rules": a.variant.rule_dict,
                "description": a.variant.description,
            }
            for a in arms
        ],
    )
    if not loaded.complete:
        meta["interrupted"] = True
    return meta, analysis


@app.command()
@friendly_errors
def summarize(
    folder: Path = typer.Argument(..., help="A results folder written by `compare --out` or `sweep --out`."),
    baseline: str | None = typer.Option(None, "--baseline", help="Variant to compare against (default: the run's)."),
    details: bool | None = typer.Option(None, "--details/--brief", help="Per-variant tables."),
    margin: float | None = typer.Option(None, "--margin", help="Equivalence margin, as in compare."),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
) -> None:
    """Recompute the statistics from a saved results folder."""
    from .tables import print_analysis

    language = choose_lang(lang)
    saved = saved_sweep(folder, baseline, margin)
    if saved is not None:
        summary, analysis = saved
        print_sweep(terminal(), summary, analysis, language)
        return
    meta, analysis = analysis_of(folder, baseline, margin)
    print_analysis(terminal(), meta, analysis, details, language)


def saved_sweep(folder: Path, baseline: str | None, margin: float | None):
    """(summary, analysis) of a folder written by `sweep --out`, recomputed from its statistics; None
    for a comparison's folder."""
    from .sweep import is_sweep, summary_and_analysis

    if not is_sweep(folder):
        return None
    if baseline is not None:
        raise ValueError(f"{folder} holds a sweep: its reference cell is fixed, so --baseline does not apply.")
    return summary_and_analysis(folder, margin)


@app.command("report")
@friendly_errors
def report_command(
    folder: Path = typer.Argument(..., help="A results folder written by `compare --out` or `sweep --out`."),
    output: Path = typer.Option(..., "-o", "--output", help="The HTML file to write."),
    lang: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    baseline: str | None = typer.Option(None, "--baseline", help="Variant to compare against (default: the run's)."),
    force: bool = typer.Option(False, "--force", help="Replace an existing file."),
) -> None:
    """Write a self-contained HTML report (plotly.js embedded, works offline) from a results folder."""
    from . import signals
    from .report import ReportData, write
    from .results import check_new_file
    from .say import t

    lang = choose_lang(lang)
    check_new_file(output, force, "-o")
    saved = saved_sweep(folder, baseline, None)
    if saved is not None:
        from . import sweep_report

        summary, analysis = saved
        done: list[bool] = []  # a signal once the report is written changes nothing
        with after_finished(done, echo_err, lang, REPORT_WHOLE), signals.protected():
            sweep_report.write(output, summary, analysis, lang)
            done.append(True)
        typer.echo(t("report_written", lang, output))
        return
    meta, analysis = analysis_of(folder, baseline)
    written: list[bool] = []
    with after_finished(written, echo_err, lang, REPORT_WHOLE), signals.protected():
        write(output, ReportData(meta, analysis), lang)
        written.append(True)
    typer.echo(t("report_written", lang, output))


@app.command()
@friendly_errors
def atlas(
    out: Path = typer.Option(..., "--out", help="The folder of the site (its results folders go into OUT/data/)."),
    games: int | None = typer.Option(
        None, "--games", help="Games per question and level of play (default 20,000, or the site's own)."
    ),
    expert_games: int | None = typer.Option(
        None, "--expert-games", help="Games per question at the expert level (default 400: its search is slow)."
    ),
    levels: str | None = typer.Option(
        None,
        "--levels",
        help="Levels of play: beginner (random), player (counter), expert (default: all three, or the site's own).",
    ),
    lang: str | None = typer.Option(
        None, "--lang", help="The site's languages, the first at its root: ru,en (default, or the site's own)."
    ),
    resume: bool = typer.Option(False, "--resume", help="Continue a site: play only what is missing or unfinished."),
    render_only: bool = typer.Option(False, "--render-only", help="Rebuild the pages from OUT/data/, play nothing."),
    only: str | None = typer.Option(None, "--only", help="Only these questions (variant names, comma-separated)."),
    extras: bool | None = typer.Option(
        None,
        "--extras/--no-extras",
        help="Also the skill-or-luck table and the sweep of the section-13 knobs (default: yes, or the site's own).",
    ),
    cards: bool | None = typer.Option(
        None,
        "--cards/--no-cards",
        help="Draw each question's chat card as a picture (default: yes, or the site's own).",
    ),
    seed: int | None = typer.Option(
        None, "--seed", help="Run seed of every comparison (default 1, or the site's own)."
    ),
    workers: int | None = typer.Option(None, "--workers", help="Worker processes (default: all cores)."),
    scheduler: str | None = typer.Option(None, "--scheduler", help=SCHEDULER_HELP),
    cluster: str | None = typer.Option(
        None, "--cluster", help="Play on a Dask LocalCluster of N worker processes started once for the build: local:N."
    ),
    connect_timeout: float | None = typer.Option(None, "--connect-timeout", help=CONNECT_HELP),
) -> None:
    """Build «Споры двора»: every yard argument as a question answered at each level of play, a static site."""
    from . import atlas as atlas_lib
    from .atlas_pages import build
    from .say import lang_from_env

    first = (lang or "").split(",")[0].strip()
    talk = first if first in ("ru", "en") else lang_from_env()
    choose_lang(talk)
    request = atlas_lib.AtlasRequest(
        out, games, expert_games, levels, lang, resume, render_only, only, extras, cards, seed, workers
    )
    request.scheduler, request.cluster, request.connect_timeout = scheduler, cluster, connect_timeout
    plan = atlas_lib.prepare(request)
    try:
        built = build(plan, lambda line: typer.echo(line, err=True), talk)
    except KeyboardInterrupt:  # what is kept, and how to go on
        from . import messages, signals

        signals.hold()
        try:
            stopped = signals.received() or "Ctrl-C"
            signals.clear()
            fail(messages.text("atlas.interrupted", talk, stopped=stopped, out=out), talk)
        finally:
            signals.release()
    if built["missing"]:
        typer.echo(("не сыграно: " if talk == "ru" else "not played: ") + ", ".join(built["missing"]), err=True)
    typer.echo(("сайт записан в " if talk == "ru" else "site written to ") + str(out / "index.html"))


def speak_utf8() -> None:
    """Under LANG=C (an ASCII stdout, PYTHONUTF8=0) print UTF-8 anyway: every answer names «Козёл», and a
    variant's Russian name is text; undecodable bytes of a file name are written back as they were."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if encoding in ("ascii", "ansix3.41968", "usascii") and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="surrogateescape")


def main() -> None:
    from . import signals

    # SIGTERM (kill PID) stops a run like Ctrl-C: the workers are stopped and what is finished is
    # kept; neither ever cuts a file in half (signals.protected). SIGINT is handled even when the
    # shell started us with it ignored (a background job).
    signals.install()
    speak_utf8()
    try:
        app(prog_name="kozel-stats")
    except KeyboardInterrupt:  # a Ctrl-C outside a command (parsing the options, or after its message)
        from .say import t

        signals.hold()
        lang = args_lang(sys.argv[1:])
        typer.echo(t("error", lang, t("interrupted", lang, signals.received() or "Ctrl-C")), err=True)
        sys.exit(2)
    finally:  # the command has ended (its exit code is set): a late Ctrl-C while Python shuts the worker
        signals.ignore_interrupts()  # pool down must not turn exit code 2 into 130


if __name__ == "__main__":
    main()
