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

from ..rules.roster import CHOICES as BOT_CHOICES
from ..text import (
    answer_texts,  # noqa: F401  (the options it checks as compare and sweep do: options.*)
    messages,
    terminal_texts,  # noqa: F401  (importing it declares the sentences this module says)
)
from ..text.errors import keyed
from ..text.help_texts import CLICK_RU, DEFAULT_RU, METAVAR_RU, REQUIRED_RU, H, localize
from ..text.terminal_texts import KNOB_VALUE  # importing it declares the sentences this module prints

MAX_PLAY_GAMES = 1_000_000


def args_lang(args: list[str]) -> str:
    """The language a command line asks for, read before it is parsed: --lang ru|en (the atlas's ru,en: its
    first), else the locale's."""
    from ..text.say import lang_from_env

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
        from ..text.say import t, translate

        said = translate(self.message).rstrip()
        said += "" if said.endswith((".", "?", "!")) else "."
        hint = " " + t("cli.usage_hint", "ru", command=self.ctx.command_path) if self.ctx is not None else ""
        typer.echo(t("error", "ru", said + hint), err=True)


class Group(typer.core.TyperGroup):
    """The command line's group: its usage errors speak the language the command line asks for."""

    def make_context(self, info_name, args, parent=None, **extra):
        lang = args_lang(list(args))
        localize(self, lang, choices=BOT_CHOICES)  # --help speaks the command line's language
        localize_context(self, lang)
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


class Localized(typer.Context):
    """A context whose help says click's own words (Usage, Options, [default: …]) in the command line's
    language."""

    def make_formatter(self):
        formatter = super().make_formatter()
        if getattr(self.command, "kozel_lang", "en") != "ru":
            return formatter
        plain = formatter.getvalue

        def in_russian() -> str:
            import re

            text = plain()
            for en, ru in CLICK_RU.items():
                text = text.replace(en, ru)
            text = re.sub(r"\[default: ([^\]]*)\]", DEFAULT_RU, text)
            text = re.sub(r"<(str|int|float|path|list)(\[\w+\])?>( *)", same_width, text)
            return text.replace("[required]", REQUIRED_RU)

        def same_width(m) -> str:
            """The metavar in Russian, the spaces after it shortened by what it grew: the help's column stays."""
            word = f"<{METAVAR_RU[m[1]]}>"
            spaces = m[3]
            if spaces:
                spaces = " " * max(2, len(m[0]) - len(word))
            return word + spaces

        formatter.getvalue = in_russian  # type: ignore[method-assign]
        return formatter


def localize_context(command, lang: str) -> None:
    """Every command of the tree makes a `Localized` context in `lang`."""
    command.context_class = Localized
    command.kozel_lang = lang
    for sub in (getattr(command, "commands", None) or {}).values():
        localize_context(sub, lang)


def in_language(exc: UsageError, lang: str) -> UsageError:
    """`exc` as the user reads it: in Russian under --lang ru (the help shown for no arguments stays help)."""
    if lang != "ru" or isinstance(exc, (NoArgsIsHelpError, UsageErrorRu)):
        return exc
    return UsageErrorRu(exc)


# --- shell completion (`kozel-stats --install-completion`): the names a command line takes ---------------------------
def complete_variant(incomplete: str) -> list[str]:
    """A variant as typed: a shipped name, then BASE+knob=value (the knobs, then their values)."""
    from ..rules.knobs import KNOB_BY_NAME
    from ..rules.variants import shipped_names

    head, plus, last = incomplete.rpartition("+")
    if not plus:
        return [name for name in shipped_names() if name.startswith(incomplete)]
    return [f"{head}+{option}" for option in complete_knob_value(last, KNOB_BY_NAME)]


def complete_knob_value(text: str, knobs: dict) -> list[str]:
    """knob=value as typed: the knobs (each with its '='), then the values of the knob named."""
    knob, equals, value = text.partition("=")
    if not equals:
        return [f"{name}=" for name in knobs if name.startswith(knob)]
    found = knobs.get(knob)
    if found is None:
        return []
    if found.kind is bool:
        values = ["true", "false"]
    elif found.choices:
        values = list(found.choices)
    elif found.low is not None and found.high is not None and found.high - found.low <= 200:
        values = [str(n) for n in range(found.low, found.high + 1)]
    else:
        values = [str(found.default)]
    done, comma, typed = value.rpartition(",")
    given = set(done.split(",")) if comma else set()
    return [f"{knob}={done}{comma}{v}" for v in values if v.startswith(typed) and v not in given]


def complete_vary(incomplete: str) -> list[str]:
    """sweep --vary KNOB=V1,V2: the knobs, then their values."""
    from ..rules.knobs import KNOB_BY_NAME

    return complete_knob_value(incomplete, KNOB_BY_NAME)


def complete_level(incomplete: str) -> list[str]:
    from ..rules.levels import LEVELS

    return [name for name in [*LEVELS, *(lv.ru for lv in LEVELS.values())] if name.startswith(incomplete)]


def complete_bot(incomplete: str) -> list[str]:
    """A bot of duel: the bots and the levels."""
    from ..rules.levels import LEVELS
    from ..rules.roster import BOTS

    return [name for name in [*(bot.name for bot in BOTS), *LEVELS] if name.startswith(incomplete)]


def complete_lang(incomplete: str) -> list[str]:
    return [lang for lang in ("ru", "en") if lang.startswith(incomplete)]


app = typer.Typer(
    cls=Group,
    rich_markup_mode=None,  # plain help: flags without a "<bool>" value, and less to import
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help=messages.text("help.cmd.app", "en"),  # every command's help: text/help_texts.py, said by `localize`
)
variants_app = typer.Typer(add_completion=False, rich_markup_mode=None, help=messages.text("help.cmd.variants", "en"))
app.add_typer(variants_app, name="variants")


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context, lang: str | None = typer.Option(None, "--lang", help=H("lang"), autocompletion=complete_lang)
) -> None:
    """`kozel-stats --lang ru COMMAND`: the language of every command after it (its own --lang wins)."""
    if lang is not None and lang not in ("ru", "en"):
        from ..text.say import check_lang

        try:
            check_lang(lang)
        except Exception as exc:
            from ..text.say import error_text, quiet_lang

            fail(error_text(exc, quiet_lang(None)), None)
    ctx.meta["kozel_root_lang"] = lang
    if ctx.invoked_subcommand is None and not ctx.resilient_parsing:  # `kozel-stats --lang ru`: the help
        typer.echo(ctx.get_help())
        raise typer.Exit(0)


def given_lang(lang: str | None) -> str | None:
    """--lang of the command, else the one given before it (`kozel-stats --lang ru play …`)."""
    if lang is not None:
        return lang
    from typer._click.globals import get_current_context  # typer's own copy of click

    ctx = get_current_context(silent=True)
    return ctx.meta.get("kozel_root_lang") if ctx is not None else None


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
            from ..text.say import join_percent

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


def choose_lang(lang: str | None) -> str:
    """--lang, or the locale's language (ru when LC_ALL / LC_MESSAGES / LANG start with ru, else en)."""
    from ..play.warmup import use_language
    from ..text.say import choose_lang as choose
    from ..text.say import speak

    chosen = choose(given_lang(lang))
    use_language(chosen)  # the compile notice, printed before anything else, speaks it too
    speak(chosen)  # and every other notice
    return chosen


def fail(message: str, lang: str | None = None) -> None:
    """One paragraph on stderr and exit code 2; `message` is already in `lang` (`fail_key`: a sentence of the
    message table)."""
    from ..text.say import quiet_lang, t

    typer.echo(t("error", quiet_lang(lang), message), err=True)
    raise typer.Exit(2)


def fail_key(lang: str | None, key: str, /, **fields: object) -> None:
    """`fail` with the sentence `key` of the message table, in `lang` (else the locale's language)."""
    from ..text.say import quiet_lang

    language = quiet_lang(lang)
    fail(messages.text(key, language, **fields), language)


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
        from ..text.errors import KozelError
        from ..text.say import error_text, quiet_lang, t

        lang = quiet_lang(given_lang(kwargs.get("lang")))  # --lang, else the locale: the errors speak it too
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
            from ..system import signals

            signals.hold()  # a second Ctrl-C now must not cut the message or the exit code short
            try:
                stopped = signals.received() or "Ctrl-C"
                signals.clear()
                fail(t("interrupted", lang, stopped), lang)
            finally:
                signals.release()
        except OSError as exc:  # the system's complaint, in Russian too (the strerror words are the C library's)
            from ..text.phrasebook import os_error

            fail(os_error(exc, lang), lang)
        except typer.Exit:
            raise
        except Exception as exc:  # a bug, not bad input: one line, the traceback only on request
            if os.environ.get("KOZEL_DEBUG"):
                raise
            typer.echo(t("internal", lang, f"{type(exc).__name__}: {exc}"), err=True)
            raise typer.Exit(1) from None
        finally:  # the results folders this command owned are free again (their lock files removed)
            sys.modules["kozel_stats.text.say"].speak(None)  # the next command (in one process: tests) chooses again
            warmup = sys.modules.get("kozel_stats.play.warmup")
            if warmup is not None:
                warmup.use_language("en")  # and its compile notice too
            results = sys.modules.get("kozel_stats.results.folders")
            if results is not None:
                results.release_folders()

    return wrapper


#: what a signal that comes once everything is saved is told (its key): the run's, the report's
RUN_WHOLE = "cli.run_whole"
REPORT_WHOLE = "cli.report_whole"


def echo_err(text: str) -> None:
    typer.echo(text, err=True)


@contextmanager
def after_finished(finished: list, say: Callable[[str], None], lang: str, words: str = RUN_WHOLE) -> Iterator[None]:
    """A Ctrl-C or SIGTERM that arrives once the run has played every game and saved it (`finished`
    holds True) ends the command quietly, exit 0: the run is complete, there is nothing to resume."""
    from ..system import signals

    try:
        yield
    except KeyboardInterrupt:
        if not finished:
            raise
        stopped = signals.received() or "Ctrl-C"
        signals.clear()
        say(messages.text(words, lang, stopped))
    finally:
        if finished and signals.received():
            signals.clear()


def announce_compile(entry: str, seat_bots: list[str]) -> None:
    """Compile (or load) the kernel a command needs before it starts, saying so on stderr."""
    from ..play.warmup import kernel_flavour, prepare
    from ..records.trace import bot_array
    from ..system import signals

    prepare(entry, kernel_flavour(bot_array(seat_bots)) if seat_bots else 0, lambda line: typer.echo(line, err=True))
    signals.rearm()  # LLVM may have left its own SIGINT handler behind


@variants_app.callback(invoke_without_command=True)
@friendly_errors
def variants_list(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help=H("as_json")),
    lang: str | None = typer.Option(None, "--lang", help=H("lang"), autocompletion=complete_lang),
) -> None:
    """List the shipped variants with their descriptions (80 columns, wrapped)."""
    if ctx.invoked_subcommand is not None:
        ctx.obj = {"lang": lang, "json": as_json}  # `variants --lang ru show NAME` speaks Russian too
        return
    from ..rules.variants import load_variant, shipped_dir

    language = choose_lang(lang)
    shipped = [load_variant(path) for path in sorted(shipped_dir().glob("*.yaml"), key=lambda f: f.stem)]
    if as_json:
        listed = [
            {
                "name": v.name,
                "title": {lg: v.title(lg) for lg in ("en", "ru")},
                "description": {lg: v.describe(lg) for lg in ("en", "ru")},
                "game": v.game,
                "extends": v.extends,
                "source": v.source,
            }
            for v in shipped
        ]
        typer.echo(json.dumps(listed, ensure_ascii=False, indent=2))
        return
    for v in shipped:
        title = v.title(language)
        typer.echo(f"{v.name} — {title}")
        typer.echo(wrapped(untitled(title, v.describe(language)), 80, "    ", "    "))  # the title not repeated


@variants_app.command("show")
@friendly_errors
def variants_show(
    ctx: typer.Context,
    name: str = typer.Argument(..., help=H("variants.show.name"), autocompletion=complete_variant),
    as_json: bool = typer.Option(False, "--json", help=H("as_json")),
    show_all: bool = typer.Option(False, "--all", help=H("variants.show.show_all")),
    lang: str | None = typer.Option(None, "--lang", help=H("lang"), autocompletion=complete_lang),
) -> None:
    """Print the rules of a variant: what differs from the default game first (--all: every knob)."""
    from ..rules.variants import default_variant, load_variant
    from ..text.say import source_text, t

    given = ctx.obj or {}
    language = choose_lang(lang if lang is not None else given.get("lang"))
    v = load_variant(name)
    if as_json or given.get("json"):
        typer.echo(json.dumps(v.to_dict(), ensure_ascii=False, indent=2))
        return
    width = text_width()
    title = v.title(language)
    typer.echo(f"{v.name} — {title}")
    typer.echo(wrapped(untitled(title, v.describe(language)), width, "  ", "  "))
    typer.echo(wrapped(t("source", language, source_text(v.source, language)), width, "", "  "))
    typer.echo(t("extends", language, v.extends or "-", v.game, v.content_hash))
    base = default_variant().rule_dict
    changed = [(key, value) for key, value in v.rules if base.get(key) != value]
    rest = [(key, value) for key, value in v.rules if base.get(key) == value]
    typer.echo(t("show.changed" if changed else "show.unchanged", language, n=len(changed)))
    for key, value in changed:
        typer.echo(knob_lines(key, value, language, width))
    if show_all:
        typer.echo(t("show.rest_all", language, n=len(rest)))
        for key, value in rest:
            typer.echo(knob_lines(key, value, language, width))
    elif rest and changed:
        typer.echo(wrapped(t("show.rest", language, n=len(rest)), width, "", "  "))


def text_width() -> int:
    """The terminal's width for plain text ($COLUMNS, else the terminal's, else 80)."""
    import shutil

    return max(40, shutil.get_terminal_size((80, 24)).columns)


def wrapped(text: str, width: int, first: str, rest: str) -> str:
    import textwrap

    return textwrap.fill(text, width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)


def untitled(title: str, text: str) -> str:
    """A description without the title it starts with ('Морской козёл: порог 25, …' -> 'Порог 25, …')."""
    for sep in (" - ", " — ", ": ", ", "):
        if text.lower().startswith(title.lower() + sep.rstrip()) and len(text) > len(title) + len(sep):
            text = text[len(title) + len(sep) :].lstrip(" -—:,")
            return text[:1].upper() + text[1:]
    return text


def knob_lines(key: str, value, lang: str, width: int) -> str:
    """One knob of `variants show`: 'key = value (its words)', then its rule wrapped under it."""
    from ..rules.knobs import KNOB_BY_NAME, value_word

    knob = KNOB_BY_NAME[key]
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    if lang == "ru":
        detail = knob.value_meaning(value, "ru")
        word = value_word(key, value, "ru")
        head = f"  {key} = {shown}" + (f" ({word})" if word != shown else "")
        shown_value = KNOB_VALUE["ru"].format(word=word[:1].upper() + word[1:], detail=detail)
        rule = knob.describe("ru") + (shown_value if detail and detail != word else "")
    else:
        detail = knob.meaning.get(shown) or knob.meaning.get("double-NN" if shown.startswith("double-") else "", "")
        head = f"  {key} = {shown}"
        rule = knob.rule + (KNOB_VALUE["en"].format(detail=detail) if detail else "")
    return head + "\n" + wrapped(rule, width, "      ", "      ")


@app.command()
@friendly_errors
def play(
    variant: str = typer.Argument(..., help=H("play.variant"), autocompletion=complete_variant),
    seed: int = typer.Option(1, "--seed", help=H("play.seed")),
    games: int = typer.Option(1, "--games", help=H("play.games")),
    level: str | None = typer.Option(None, "--level", help=H("play.level"), autocompletion=complete_level),
    bots: str | None = typer.Option(None, "--bots", help=H("bots", choices=BOT_CHOICES)),
    trace: Path | None = typer.Option(None, "--trace", help=H("play.trace")),
    force: bool = typer.Option(False, "--force", help=H("play.force")),
    game_seed: int | None = typer.Option(None, "--game-seed", help=H("play.game_seed")),
    game_index: int | None = typer.Option(
        None,
        "--game",
        help=H("play.game_index"),
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=H("play.quiet")),
    brief: bool = typer.Option(False, "--brief", help=H("play.brief")),
    lang: str | None = typer.Option(None, "--lang", help=H("lang"), autocompletion=complete_lang),
) -> None:
    """Play games and print a readable deal-by-deal log; optionally write game records."""
    from ..records.playlog import format_game
    from ..records.trace import RecordWriter, game_bots, parse_bots, record_game, run_seed_game
    from ..results.folders import check_new_file
    from ..rules.variants import load_variant
    from ..system import signals
    from ..text.errors import KozelError
    from ..text.say import t

    language = choose_lang(lang)
    v = load_variant(variant)
    seats = parse_bots(play_bots(bots, level), v["players"])
    if quiet and brief:
        raise KozelError.keyed("play.quiet_brief")
    if not 1 <= games <= MAX_PLAY_GAMES:
        raise KozelError.keyed("cli.play_games_range", most=MAX_PLAY_GAMES, games=games)
    if not -(2**63) <= seed < 2**64:
        raise keyed(ValueError, "options.seed_fit_bits", seed=seed)
    if game_seed is not None:
        if not 0 <= game_seed < 2**63:
            raise keyed(ValueError, "cli.game_seed", game_seed=game_seed)
        if game_index is None and v["first_lead_cycle"] != "none":
            raise keyed(ValueError, "cli.game_seed_needs_game", v_name=v.name, v_first_lead_cycle=v["first_lead_cycle"])
        if game_index is not None and not 0 <= game_index < 2**62:
            raise keyed(ValueError, "cli.game", game_index=game_index)
        seeds = [game_seed]
    else:
        seeds = [run_seed_game(seed, g) for g in range(games)]
    if trace is not None:
        check_new_file(trace, force, "--trace")
    announce_compile("play_game", seats)
    tally = PlayTally()
    with RecordWriter(trace, force) as writer:
        for g, s in enumerate(seeds):
            if game_seed is not None:
                g = game_index or 0
            record = record_game(v, s, game_bots(seats, g), game=g)
            with signals.protected():  # a record is written whole or not at all
                writer.write(record)
            if quiet:
                tally.add(record)
            elif brief:
                typer.echo(quiet_line(record, g, language))
            else:
                typer.echo(format_game(record, v, language) + "\n")
    if quiet:
        typer.echo(tally.text(v.name, seeds, language))
    if trace is not None:
        typer.echo(t("wrote_records", language, n=len(seeds), path=trace), err=True)


def play_bots(bots: str | None, level_name: str | None) -> str:
    """The seats' bots of `play`: --bots, else the --level's bot (default: beginner; the help says why)."""
    from ..rules.levels import level
    from ..text.errors import KozelError

    if bots is not None and level_name is not None:
        raise KozelError.keyed("play.level_and_bots", level=level_name, bots=bots)
    return bots if bots is not None else level(level_name or "beginner").bot


class PlayTally:
    """`play -q`: the games counted as they are played, said in one summary."""

    def __init__(self) -> None:
        from collections import Counter

        self.games = self.deals = 0
        self.losers: Counter = Counter()
        self.titles: Counter = Counter()
        self.pairs = True

    def add(self, record: dict) -> None:
        self.games += 1
        self.deals += len(record["deals"])
        self.pairs = record["sides"] == [[0, 2], [1, 3]]
        if record["loser"] is None:
            self.losers["draw" if "draw" in (record.get("titles") or []) else "cut"] += 1
        else:
            self.losers[record["loser"]] += 1
        self.titles.update(t for t in record.get("titles") or [] if t != "draw")

    def text(self, variant: str, seeds: list, lang: str) -> str:
        from ..text.say import TITLES_RU, decimal, t

        losers = sorted(k for k in self.losers if isinstance(k, int))
        who = [
            t("play.summary_side", lang, side="AB"[k], n=self.losers[k])
            if self.pairs
            else t("play.summary_seat", lang, p=k, n=self.losers[k])
            for k in losers
        ]
        who += [t("play.summary_draws", lang, n=self.losers["draw"])] if self.losers["draw"] else []
        who += [t("play.summary_cut", lang, n=self.losers["cut"])] if self.losers["cut"] else []
        lines = [
            t("play.summary", lang, n=self.games, variant=variant, deals=decimal(self.deals / self.games, 2, lang)),
            t("play.summary_lost", lang, who=", ".join(who)),
        ]
        if self.titles:
            counts = [
                f"{TITLES_RU.get(k, k) if lang == 'ru' else k} {messages.count(self.titles[k], lang)}"
                for k in sorted(self.titles)
            ]
            lines.append(t("play.summary_titles", lang, titles=", ".join(counts)))
        return "\n".join(lines)


def quiet_line(record: dict, g: int, lang: str) -> str:
    """One line per game of `play --brief`: deals, who lost (a drawn match is a draw; only a game stopped at
    max_deals is cut off), the score."""
    from ..text.say import t, titles

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
    records: Path = typer.Argument(..., help=H("replay.records")),
    variant: str | None = typer.Option(None, "--variant", help=H("replay.variant"), autocompletion=complete_variant),
    lang: str | None = typer.Option(None, "--lang", help=H("lang"), autocompletion=complete_lang),
) -> None:
    """Replay recorded games through the engine; report any illegal move or wrong score."""
    from ..records.trace import read_records, replay_record
    from ..rules.variants import load_variant
    from ..text.errors import KozelError
    from ..text.say import replay_problem, t

    language = choose_lang(lang)

    forced = load_variant(variant) if variant else None
    announce_compile("play_game", [])
    cache: dict = {}
    n_games = n_bad = 0
    for lineno, record in read_records(records):
        where = messages.Sentence("records.place.line", path=records, line=lineno)
        if forced is not None:
            v = forced
        else:
            name = record.get("variant")
            if not isinstance(name, str):
                raise KozelError.keyed("cli.replay_no_variant", where=where)
            if name not in cache:
                try:
                    cache[name] = load_variant(name)
                except (KozelError, ValueError, OSError) as exc:  # the variant's own error, in the user's language
                    raise KozelError.keyed("cli.replay_bad_variant", where=where, reason=exc) from None
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
        raise KozelError.keyed("commands.replay", records=records)
    typer.echo(t("replay_total", language, n=n_games, ok=n_games - n_bad, bad=n_bad))
    if n_bad:
        raise typer.Exit(1)


@app.command()
@friendly_errors
def compare(
    variants: list[str] | None = typer.Argument(None, help=H("compare.variants"), autocompletion=complete_variant),
    games: int | None = typer.Option(None, "--games", help=H("compare.games")),
    seed: int = typer.Option(1, "--seed", help=H("seed")),
    level: str | None = typer.Option(None, "--level", help=H("level"), autocompletion=complete_level),
    levels: str | None = typer.Option(None, "--levels", help=H("compare.levels")),
    expert_games: int | None = typer.Option(None, "--expert-games", help=H("compare.expert_games")),
    bots: str | None = typer.Option(None, "--bots", help=H("bots", choices=BOT_CHOICES)),
    workers: int | None = typer.Option(None, "--workers", help=H("workers")),
    baseline: str | None = typer.Option(None, "--baseline", help=H("compare.baseline")),
    precision: float | None = typer.Option(None, "--precision", help=H("compare.precision")),
    max_games: int | None = typer.Option(None, "--max-games", help=H("compare.max_games")),
    margin: float | None = typer.Option(None, "--margin", help=H("compare.margin")),
    out: Path | None = typer.Option(None, "--out", help=H("compare.out")),
    force: bool = typer.Option(False, "--force", help=H("force")),
    resume: Path | None = typer.Option(None, "--resume", help=H("compare.resume")),
    games_table: bool = typer.Option(False, "--games-table", help=H("compare.games_table")),
    deals: bool = typer.Option(False, "--deals", help=H("compare.deals")),
    csv: bool = typer.Option(False, "--csv", help=H("csv")),
    details: bool | None = typer.Option(None, "--details/--brief", help=H("compare.details")),
    batch_size: int | None = typer.Option(
        None,
        "--batch-size",
        help=H("compare.batch_size"),
    ),
    report: Path | None = typer.Option(None, "--report", help=H("report")),
    lang: str | None = typer.Option(None, "--lang", help=H("lang"), autocompletion=complete_lang),
    card: Path | None = typer.Option(None, "--card", help=H("compare.card")),
    bots_matrix: str | None = typer.Option(None, "--bots-matrix", help=H("compare.bots_matrix")),
    scheduler: str | None = typer.Option(None, "--scheduler", help=H("scheduler")),
    cluster: str | None = typer.Option(None, "--cluster", help=H("cluster")),
    connect_timeout: float | None = typer.Option(None, "--connect-timeout", help=H("connect_timeout")),
    skill: str | None = typer.Option(None, "--skill", help=H("compare.skill")),
) -> None:
    """Compare rule variants by Monte Carlo: game length, naked goats, fish and more, against a baseline."""
    from ..answers.compare import CompareRequest

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
        expert_games=expert_games,
    )
    compare_and_print(request, details)


def compare_and_print(request, details: bool | None) -> None:
    """`compare` after parsing: check the request, play it (or its bots matrix) and print the outcome."""

    from ..answers.compare import execute, prepare_request
    from ..present.progress import GamesProgress
    from ..present.tables import print_analysis
    from ..system import signals

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
            fail_key(request.lang, "cli.interrupted_no_batch", stopped=stopped)
        print_analysis(console, outcome.summary["meta"], outcome.analysis, details, request.lang)
        if request.out is not None:
            err.print(
                messages.text("cli.results_written", request.lang, out=request.out)
                + " (stats.json, summary.json, by_deal.parquet, fish_sums.parquet"
                + (", games/" if games_table else "")
                + (", deals/" if deals else "")
                + ")"
            )
        if request.report is not None:
            err.print(messages.text("report_written", request.lang, request.report))
        if request.card is not None:
            err.print(messages.text("cli.card_written", request.lang, path=request.card))
        print_games_played(err, outcome.analysis.games_per_variant, result, request.lang)
        if stopped:
            fail_interrupted(stopped, outcome.analysis.games_per_variant, request.out, request.lang, "cli.per_variant")


def print_games_played(err, games: int, result, lang: str) -> None:
    """How many games per variant were played, in how long, and how long compiling the engine took."""
    from ..present.words import count, seconds

    took = seconds(result.duration, lang) if lang == "ru" else f"{result.duration:.1f} s"
    err.print(
        messages.text("cli.played_per_variant", lang, games=count(games, lang), time=took)
        + (messages.text("cli.compile_took", lang, s=result.compile_seconds) if result.compile_seconds >= 1 else "")
    )


def fail_interrupted(stopped: str, n: int, out: Path | None, lang: str, per: str) -> None:
    """Exit 2 after a signal stopped the run: `n` games per variant (or cell: `per` is its key) were played,
    saved in `out`."""
    kept = messages.Sentence("cli.kept_in", out=out) if out else messages.Sentence("cli.kept_above")
    fail_key(lang, "cli.interrupted_after", stopped=stopped, n=n, per=messages.Sentence(per), kept=kept)


@app.command()
@friendly_errors
def sweep(
    base: str | None = typer.Argument(None, help=H("sweep.base"), autocompletion=complete_variant),
    vary: list[str] = typer.Option(
        [],
        "--vary",
        help=H("sweep.vary"),
        autocompletion=complete_vary,
    ),
    games: int | None = typer.Option(None, "--games", help=H("sweep.games")),
    seed: int = typer.Option(1, "--seed", help=H("seed")),
    level: str | None = typer.Option(None, "--level", help=H("level"), autocompletion=complete_level),
    levels: str | None = typer.Option(
        None,
        "--levels",
        help=H("sweep.levels"),
    ),
    bots: str | None = typer.Option(None, "--bots", help=H("bots", choices=BOT_CHOICES)),
    workers: int | None = typer.Option(None, "--workers", help=H("workers")),
    cells: int | None = typer.Option(None, "--cells", help=H("sweep.cells")),
    metrics: str | None = typer.Option(
        None,
        "--metrics",
        help=H("sweep.metrics"),
    ),
    margin: float | None = typer.Option(None, "--margin", help=H("sweep.margin")),
    out: Path | None = typer.Option(
        None,
        "--out",
        help=H("sweep.out"),
    ),
    force: bool = typer.Option(False, "--force", help=H("force")),
    resume: Path | None = typer.Option(None, "--resume", help=H("sweep.resume")),
    csv: bool = typer.Option(False, "--csv", help=H("csv")),
    batch_size: int | None = typer.Option(None, "--batch-size", help=H("sweep.batch_size")),
    report: Path | None = typer.Option(None, "--report", help=H("report")),
    lang: str | None = typer.Option(None, "--lang", help=H("lang"), autocompletion=complete_lang),
    scheduler: str | None = typer.Option(None, "--scheduler", help=H("scheduler")),
    cluster: str | None = typer.Option(None, "--cluster", help=H("cluster")),
    connect_timeout: float | None = typer.Option(None, "--connect-timeout", help=H("connect_timeout")),
) -> None:
    """Which rule matters most: play every combination of knob values and rank the knobs by their effect."""
    from ..answers.sweep import SweepRequest

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

    from ..answers.sweep import execute, prepare_sweep
    from ..present.progress import GamesProgress
    from ..present.sweep_report import terminal_lines
    from ..system import signals

    prepared = prepare_sweep(request)  # every check, before anything is written or played
    console = terminal()
    err = err_console()
    if prepared.levels:
        return sweep_levels_and_print(prepared, console, err)
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
            fail_key(request.lang, "cli.interrupted_no_cells", stopped=stopped)
        print_hanging(console, terminal_lines(outcome.summary, outcome.analysis, request.lang))
        print_written(err, request.out, request.report, request.lang)
        from ..present.words import count, seconds

        done = count(outcome.result.games, request.lang)
        took = seconds(outcome.result.duration, "ru") if request.lang == "ru" else f"{outcome.result.duration:.1f} s"
        err.print(messages.text("cli.played_per_cell", request.lang, games=done, time=took))
        if stopped:
            fail_interrupted(stopped, outcome.result.games, request.out, request.lang, "cli.per_cell")


def print_written(err, out: Path | None, report: Path | None, lang: str) -> None:
    """Where the results folder and the report were written (those given)."""
    if out is not None:
        err.print(messages.text("cli.results_written", lang, out=out))
    if report is not None:
        err.print(messages.text("report_written", lang, report))


def sweep_levels_and_print(prepared, console, err) -> None:
    """`sweep --levels`: the sweep at each level on the same deals; the lead level's answer in full, then
    whether each rule's effect holds at every level."""
    import contextlib

    from ..answers.sweep import execute_levels, lead_level
    from ..present.progress import GamesProgress
    from ..system import signals

    req = prepared.request
    ru = req.lang == "ru"
    names = [c.name for c in prepared.grid.cells]

    @contextlib.contextmanager
    def progress_for(lv):
        err.print(messages.text("cli.level_playing_cells", req.lang, level=lv.ru if ru else lv.en, n=prepared.games))
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
                messages.Sentence("cli.level_kept", level=messages.Both(lead.en, lead.ru), out=req.out)
                if req.out is not None and (req.out / "stats.json").exists()
                else ""
            )
            fail_key(req.lang, "cli.interrupted_levels", stopped=stopped, kept=kept)
            return
        finished.append(True)
        lead = outcome.outcomes[outcome.lead]
        print_sweep(console, lead.summary, lead.analysis, req.lang)
        print_written(err, req.out, req.report, req.lang)


def print_sweep(console, summary: dict, analysis, lang: str) -> None:
    """A sweep's answer in the terminal; after `--levels`, also whether each effect holds at every level."""
    from ..present.sweep_report import levels_ranking, levels_table, terminal_lines

    print_hanging(console, terminal_lines(summary, analysis, lang))
    block = summary.get("levels")
    if block:
        console.print(levels_table(block, lang))
        print_hanging(console, levels_ranking(block, lang))


def print_hanging(console, lines: list[str]) -> None:
    """Lines of plain text wrapped at the console's width, an indented or bulleted line ('  * …') with a
    hanging indent: its continuation lines start under its text, not at the margin (no trailing spaces)."""
    import re
    import textwrap

    from rich.text import Text

    from ..text.say import join_percent

    for line in lines:
        lead = re.match(r"^\s*(?:[*•]\s+)?", line)
        indent = " " * len(lead[0]) if lead else ""
        text = textwrap.fill(
            join_percent(line), console.width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
        )
        console.print(Text(text), highlight=False, soft_wrap=True)


def mix_label(mix: str, prepared, lang: str, short: bool = False) -> str:
    """A run of the matrix: the level's name under --levels (the bot in brackets unless `short`: a column
    of an 80-column table), else the bot's."""
    from ..present.words import bot_name

    found = next((lv for lv in prepared.levels if lv.bot == mix), None) if prepared.levels else None
    name = bot_name(mix, "ru") if lang == "ru" else mix
    if found is None:
        return name
    level_name = found.ru if lang == "ru" else found.en
    return level_name if short else f"{level_name} ({name})"


def level_rows(rows: list[dict], prepared, outcomes: dict) -> None:
    """--levels: each row also gets its level verdict (level_verdict.level_verdict: the mark in
    `across_levels`, the per-level intervals and the differences between levels in `level_verdict`)."""
    from ..present.level_verdict import verdicts_of
    from ..present.words import restates

    rules = {v.name: v.rule_dict for v in prepared.variants}
    per_level = {lv.name: outcomes[lv.bot].analysis.comparisons for lv in prepared.levels if lv.bot in outcomes}
    found = verdicts_of(per_level, lambda c: restates(c.metric, rules.get(c.variant), rules.get(c.baseline)))
    for row in rows:
        verdict = found.get((row["variant"], row["metric"]))
        if verdict is not None:
            row["across_levels"] = verdict.mark
            row["level_verdict"] = verdict.to_json()


def compare_matrix(prepared, console, err) -> None:
    """The same comparison under each bot (or level of play); a table of which verdicts keep sign and
    significance."""
    from ..answers.duel import robustness
    from ..system import signals

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
            level_rows(rows, prepared, outcomes)
        if prepared.levels and console.width < 100:
            hanging(console, matrix_stacked(prepared, rows))
        else:
            console.print(matrix_table(prepared, rows))
        if prepared.levels:
            levels_summary(prepared, outcomes, rows, console)
        save_matrix(prepared, outcomes, rows, err)


def lead_mix(prepared) -> str:
    """The run of the matrix saved in full: the default level's under --levels (the answer the quick start
    gives), else the first bot's."""
    from ..rules.levels import DEFAULT_LEVEL

    return next((lv.bot for lv in prepared.levels if lv.name == DEFAULT_LEVEL), prepared.mixes[0])


def matrix_plan(prepared, arms, pairs, command: str) -> dict:
    """stats.json's plan of a matrix run: the lead run's, with the levels (what --resume continues)."""
    from ..results.folders import plan_json

    extra = {"games": prepared.games}
    if prepared.levels:
        extra["levels"] = [lv.name for lv in prepared.levels]
    return plan_json(arms, pairs, prepared.seed, prepared.request.batch_size, command, extra)


def lead_checkpoint(prepared, mix: str):
    """The lead run's checkpoint into --out under --levels (every CHECKPOINT_EVERY seconds, as a plain
    comparison's), else None."""
    import time

    from ..answers.compare import CHECKPOINT_EVERY, choose_variants, plan_arms, reproduce_command
    from ..results.folders import write_stats

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


def levels_summary(prepared, outcomes: dict, rows: list[dict], console) -> None:
    """`compare --levels`: «Главное» — every variant's headline at the level kept in full, and under it how
    its findings fare at the other levels (the level verdict), as the chat card has it."""
    from rich.markup import escape

    from ..present.report import ReportData, headline_lines
    from ..present.tables import TEXT
    from ..present.words import at_level
    from ..rules.levels import DEFAULT_LEVEL

    lead = next((lv.bot for lv in prepared.levels if lv.name == DEFAULT_LEVEL), prepared.mixes[0])
    first = outcomes[lead]
    lang = prepared.request.lang
    data = ReportData(
        first.summary["meta"], first.analysis, {"levels": [lv.name for lv in prepared.levels], "rows": rows}
    )
    console.print()
    console.print(f"[bold]{escape(TEXT[lang]['summary'] + at_level(first.summary['meta'], lang))}[/bold]")
    hanging(console, headline_lines(data, lang))


def hanging(console, lines: list[str]) -> None:
    """Lines wrapped at the console's width, each with a hanging indent under its own marker («• », «  ↳ »,
    «    → », or its leading spaces)."""
    import re

    from rich.markup import escape
    from rich.table import Table

    for line in lines:
        found = re.match(r"^(\s*(?:[•↳→] )?)(.*)$", line)
        assert found is not None
        lead, text = found.groups()
        if not lead:
            console.print(line, markup=False, highlight=False)
            continue
        grid = Table.grid()
        grid.add_column(width=len(lead), no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(lead, escape(text))
        console.print(grid)


def matrix_stacked(prepared, rows: list[dict]) -> list[str]:
    """The --levels table stacked for a narrow terminal (below 100 columns): per variant, one line per metric
    with each level's difference and, on its own line, the level verdict."""
    from ..present.level_verdict import row_words
    from ..present.tables import fmt_value
    from ..present.words import label
    from ..stats.metrics import METRIC_BY_NAME

    req = prepared.request
    ru = req.lang == "ru"
    out = [messages.text("cli.levels_hold", req.lang)]
    current = None
    for row in rows:
        if row["verdict"] == "no effect" and not METRIC_BY_NAME[row["metric"]].headline:
            continue
        if row["variant"] != current:
            current = row["variant"]
            out += ["", current]
        cells = []
        for lv in prepared.levels:
            c = row["by_mix"].get(lv.bot)
            shown = (
                "–"
                if c is None
                else fmt_value(row["metric"], c["diff"], True, req.lang) + ("*" if c["significant"] else "")
            )
            cells.append(f"{lv.ru if ru else lv.en} {shown}")
        name = label(row["metric"], "ru") if ru else METRIC_BY_NAME[row["metric"]].label
        out.append(f"  {name}: {', '.join(cells)}")
        out.append(f"    → {row_words(row, req.lang) or ''}")
    return out


def expert_note(prepared, lang: str) -> str:
    """«, знаток: 10 000» after the games of a --levels run whose expert plays --expert-games."""
    if mix_games(prepared, "expert") == prepared.games or "expert" not in prepared.mixes:
        return ""
    return messages.text("cli.expert_note", lang, n=mix_games(prepared, "expert"))


def levels_command(prepared) -> str:
    """The one command that plays a --levels run again (every level, the same deals)."""
    req = prepared.request
    names = " ".join(v.name for v in prepared.variants)
    extra = f" --expert-games {req.expert_games}" if req.expert_games is not None else ""
    return (
        f"kozel-stats compare {names} --seed {prepared.seed} --games {prepared.games} "
        f"--levels {','.join(lv.name for lv in prepared.levels)}{extra}"
    )


def mix_games(prepared, mix: str) -> int:
    """The games of one run of the matrix: --expert-games for the expert level of --levels, else --games."""
    expert = prepared.request.expert_games
    return expert if expert is not None and prepared.levels and mix == "expert" else prepared.games


def play_mix(prepared, mix: str, err):
    """One run of the matrix: every variant with every seat playing `mix`; exit 2 if a signal stops it."""
    from ..answers.compare import run_compare
    from ..present.words import bot_name
    from ..system import signals

    req = prepared.request
    ru = req.lang == "ru"
    checkpoint = lead_checkpoint(prepared, mix)
    lead = checkpoint is not None
    games = mix_games(prepared, mix)
    bots = bot_name(mix, "ru") if ru else mix
    err.print(
        messages.text("cli.level_playing_variants", req.lang, level=mix_label(mix, prepared, req.lang), n=games)
        if prepared.levels
        else messages.text("cli.bots_playing_variants", req.lang, bots=bots, n=prepared.games)
    )
    outcome = run_compare(
        prepared.variants,
        games,
        prepared.seed,
        [mix],
        workers=req.workers,
        baseline=prepared.baseline,
        batch_size=req.batch_size,
        on_compile=err.print,
        start=prepared.start if lead else None,
        on_batch=checkpoint,
    )
    if lead and (outcome.result.interrupted or signals.received()) and outcome.analysis.games_per_variant > 0:
        from ..results.folders import write_stats
        from ..text.say import t

        assert checkpoint is not None
        write_stats(req.out, checkpoint.plan, outcome.result.stats, complete=False)  # type: ignore[attr-defined]
        stopped = signals.received() or "Ctrl-C"
        signals.clear()
        fail(t("compare.levels_kept", req.lang, stopped=stopped, out=req.out, n=outcome.analysis.games_per_variant))
    if outcome.result.interrupted or signals.received():
        signals.clear()
        fail_key(req.lang, "cli.interrupted_mix", mix=messages.Both(mix, bot_name(mix, "ru")))
    return outcome


#: The colour of each level verdict's mark in the terminal (level_verdict.MARKS)
LEVEL_STYLE = {"every level": "bold green", "changes": "bold yellow", "too few": "cyan"}


def matrix_table(prepared, rows: list[dict]):
    """The matrix: per variant and metric, the difference under each bot (or level) and the verdict."""
    from rich import box
    from rich.table import Table

    from ..present.level_verdict import row_words
    from ..present.tables import fmt_value
    from ..present.words import label
    from ..stats.metrics import METRIC_BY_NAME

    req = prepared.request
    ru = req.lang == "ru"
    games = prepared.games
    table = Table(
        title=(
            messages.text("cli.matrix_title_levels", req.lang, n=games, expert=expert_note(prepared, req.lang))
            if prepared.levels
            else messages.text("cli.matrix_title_bots", req.lang, n=games)
        ),
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    table.add_column(messages.text("cli.column_variant", req.lang), no_wrap=True, max_width=22)
    table.add_column(messages.text("cli.column_metric", req.lang), max_width=24)
    for mix in prepared.mixes:
        table.add_column(mix_label(mix, prepared, req.lang, short=True), justify="right", no_wrap=True)
    table.add_column(messages.text("cli.column_verdict", req.lang), no_wrap=True)
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
        verdict_key = f"cli.verdict.{row['verdict']}"
        word = messages.text(verdict_key, req.lang) if verdict_key in messages.MESSAGES else row["verdict"]
        if "across_levels" in row:
            word = row_words(row, req.lang, short=True) or word
            style = LEVEL_STYLE.get(row["across_levels"], "dim")
        table.add_row(
            row["variant"],
            label(row["metric"], "ru") if ru else METRIC_BY_NAME[row["metric"]].label,
            *cells,
            f"[{style}]{word}[/{style}]",
        )
    return table


def save_matrix(prepared, outcomes: dict, rows: list[dict], err) -> None:
    """--out, --report and --card of the matrix: one run in full and the verdicts of them all."""
    from ..results.folders import save, to_jsonable

    req = prepared.request
    lead = lead_mix(prepared)
    first = outcomes[lead]
    matrix = {"bots": prepared.mixes, "levels": [lv.name for lv in prepared.levels] or None, "rows": rows}
    if prepared.levels:
        matrix["games"] = {lv.name: mix_games(prepared, lv.bot) for lv in prepared.levels}
        matrix["command"] = levels_command(prepared)
    if req.out is not None:
        summary = dict(first.summary, matrix={**matrix, "summaries": {m: o.summary for m, o in outcomes.items()}})
        plan = matrix_plan(prepared, first.result.arms, first.result.pairs, first.summary["meta"]["command"])
        save(req.out, plan, first.result.stats, to_jsonable(summary), first.analysis)
        run = mix_label(lead, prepared, req.lang)
        err.print(messages.text("cli.matrix_results_written", req.lang, run=run, out=req.out))
    if req.report is None and req.card is None:
        return
    from ..present.report import ReportData, write, write_card

    data = ReportData(first.summary["meta"], first.analysis, matrix)
    if req.report is not None:
        write(req.report, data, req.lang)
        run = mix_label(lead, prepared, req.lang)
        err.print(messages.text("cli.matrix_report_written", req.lang, path=req.report, run=run))
    if req.card is not None:  # the card of the run kept in full, each verdict with how it fares in the others
        write_card(req.card, data, req.lang)
        err.print(messages.text("cli.card_written", req.lang, path=req.card))


@app.command()
@friendly_errors
def duel(
    bot_a: str = typer.Argument(..., help=H("duel.bot_a"), autocompletion=complete_bot),
    bot_b: str = typer.Argument(..., help=H("duel.bot_b"), autocompletion=complete_bot),
    variant: str = typer.Option("default", "--variant", help=H("duel.variant"), autocompletion=complete_variant),
    games: int = typer.Option(20_000, "--games", help=H("duel.games")),
    seed: int = typer.Option(1, "--seed", help=H("duel.seed")),
    workers: int | None = typer.Option(None, "--workers", help=H("workers")),
    as_json: bool = typer.Option(False, "--json", help=H("as_json")),
    lang: str | None = typer.Option(None, "--lang", help=H("lang"), autocompletion=complete_lang),
) -> None:
    """Side A with one bot against side B with another, in duplicate (the same deals, seats swapped)."""
    from ..answers.duel import run_duel
    from ..engine.bots import parse_bot
    from ..rules.variants import load_variant
    from ..text.errors import KozelError
    from ..text.say import decimal, percent, t

    language = choose_lang(lang)
    bot_a, bot_b = duel_bot(bot_a), duel_bot(bot_b)  # a level of play is its bot: no --level here (two sides)
    for side, name in (("A", bot_a), ("B", bot_b)):
        try:
            parse_bot(name)
        except ValueError as exc:
            from ..records.trace import bot_error

            raise bot_error(messages.Sentence("cli.duel_side", side=side), name, exc) from None
    if not 2 <= games <= 100_000_000:
        raise KozelError.keyed("cli.duel_games_range", games=games)
    if workers is not None and not 1 <= workers <= 4096:
        raise KozelError.keyed("commands.duel", workers=workers)
    v = load_variant(variant)
    announce_compile("play_batch", [bot_a, bot_b, bot_a, bot_b])
    r = run_duel(v, bot_a, bot_b, games, seed=seed, workers=workers)
    if as_json:
        from dataclasses import asdict

        from ..results.folders import to_jsonable

        typer.echo(json.dumps(to_jsonable(asdict(r)), ensure_ascii=False, indent=2))
        return
    if language == "ru":
        from ..present.words import bot_name

        a, b = bot_name(bot_a, "ru"), bot_name(bot_b, "ru")
        variant_name = v.title("ru")
    else:
        a, b, variant_name = bot_a, bot_b, v.name
    pairs = messages.text("cli.duel_pairs", language, n=r.pairs)
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


def duel_bot(name: str) -> str:
    """A side of a duel: a bot, or a level of play standing for its bot (player: counter; «знаток»: expert)."""
    from ..rules.levels import level

    try:
        return level(name).bot
    except ValueError:
        return name


def saved_matrix(folder: Path) -> dict | None:
    """The `matrix` a --levels or --bots-matrix run saved in its summary.json (the verdicts under every level or
    bot, with the level verdicts), for its report; None when it has none."""
    import json

    try:
        matrix = json.loads((folder / "summary.json").read_text(encoding="utf-8")).get("matrix")
    except (OSError, ValueError, AttributeError):
        return None
    if not isinstance(matrix, dict) or not isinstance(matrix.get("rows"), list) or not matrix.get("bots"):
        return None
    return {k: v for k, v in matrix.items() if k != "summaries"}


def analysis_of(folder: Path, baseline: str | None, margin: float | None = None):
    """The statistics of a saved results folder, against the run's baseline or another."""
    from ..answers.compare import analyse
    from ..results.folders import arms_of, load

    loaded = load(folder)
    arms = arms_of(loaded.plan)
    names = [a.name for a in arms]
    chosen = baseline or names[0]
    if chosen not in names:
        raise keyed(ValueError, "cli.baseline_variants", chosen=chosen, folder=folder, join_names=", ".join(names))
    index = names.index(chosen)
    stats = loaded.stats
    if index != 0:  # the saved cross sums are with the run's baseline only
        stats = type(stats)(stats.arms, {}, stats.games, stats.ranges)
    analysis = analyse(arms, stats, baseline=index, margin=margin)
    if loaded.unpaired:
        analysis.notes.append(messages.stored("notes.folder_unpaired"))
    elif index != 0:
        analysis.notes.append(
            messages.stored("notes.paired_with_first_only", folder=folder, first=names[0], chosen=chosen)
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
    folder: Path = typer.Argument(..., help=H("folder")),
    baseline: str | None = typer.Option(None, "--baseline", help=H("baseline")),
    details: bool | None = typer.Option(None, "--details/--brief", help=H("summarize.details")),
    margin: float | None = typer.Option(None, "--margin", help=H("summarize.margin")),
    as_json: bool = typer.Option(False, "--json", help=H("as_json")),
    lang: str | None = typer.Option(None, "--lang", help=H("lang"), autocompletion=complete_lang),
) -> None:
    """Recompute the statistics from a saved results folder."""
    from ..present.tables import print_analysis
    from ..results.folders import to_jsonable
    from ..text.errors import KozelError

    language = choose_lang(lang)
    if as_json and details is not None:
        raise KozelError.keyed("summarize.json_details")
    saved = saved_sweep(folder, baseline, margin)
    if saved is not None:
        summary, analysis = saved
        if as_json:
            from ..answers.sweep import effect_row, load_sweep

            grid = load_sweep(folder).grid  # the effects as recomputed (another --margin), as sweep --out writes them
            payload = dict(summary, effects=[effect_row(e, grid) for e in analysis.effects])
            payload["interactions"] = [effect_row(e, grid) for e in analysis.interactions]
            typer.echo(json.dumps(to_jsonable(payload), ensure_ascii=False, indent=2))
            return
        print_sweep(terminal(), summary, analysis, language)
        return
    meta, analysis = analysis_of(folder, baseline, margin)
    if as_json:
        from ..answers.compare import summary_payload

        typer.echo(json.dumps(to_jsonable(summary_payload(meta, analysis)), ensure_ascii=False, indent=2))
        return
    print_analysis(terminal(), meta, analysis, details, language)


def saved_sweep(folder: Path, baseline: str | None, margin: float | None):
    """(summary, analysis) of a folder written by `sweep --out`, recomputed from its statistics; None
    for a comparison's folder."""
    from ..answers.sweep import is_sweep, summary_and_analysis

    if not is_sweep(folder):
        return None
    if baseline is not None:
        raise keyed(ValueError, "cli.holds_sweep_reference_cell", folder=folder)
    return summary_and_analysis(folder, margin)


@app.command("report")
@friendly_errors
def report_command(
    folder: Path = typer.Argument(..., help=H("folder")),
    output: Path = typer.Option(..., "-o", "--output", help=H("report.output")),
    lang: str | None = typer.Option(None, "--lang", help=H("lang"), autocompletion=complete_lang),
    baseline: str | None = typer.Option(None, "--baseline", help=H("baseline")),
    force: bool = typer.Option(False, "--force", help=H("report.force")),
) -> None:
    """Write a self-contained HTML report (plotly.js embedded, works offline) from a results folder."""
    from ..present.report import ReportData, write
    from ..results.folders import check_new_file
    from ..system import signals
    from ..text.say import t

    lang = choose_lang(lang)
    check_new_file(output, force, "-o")
    saved = saved_sweep(folder, baseline, None)
    if saved is not None:
        from ..present import sweep_report

        summary, analysis = saved
        done: list[bool] = []  # a signal once the report is written changes nothing
        with after_finished(done, echo_err, lang, REPORT_WHOLE), signals.protected():
            sweep_report.write(output, summary, analysis, lang)
            done.append(True)
        typer.echo(t("report_written", lang, output))
        return
    meta, analysis = analysis_of(folder, baseline)
    matrix = saved_matrix(folder) if baseline is None else None  # its verdicts are against the run's baseline
    written: list[bool] = []
    with after_finished(written, echo_err, lang, REPORT_WHOLE), signals.protected():
        write(output, ReportData(meta, analysis, matrix), lang)
        written.append(True)
    typer.echo(t("report_written", lang, output))


@app.command()
@friendly_errors
def atlas(
    out: Path = typer.Option(..., "--out", help=H("atlas.out")),
    games: int | None = typer.Option(None, "--games", help=H("atlas.games")),
    expert_games: int | None = typer.Option(None, "--expert-games", help=H("atlas.expert_games")),
    slow_expert_games: int | None = typer.Option(None, "--slow-expert-games", help=H("atlas.slow_expert_games")),
    levels: str | None = typer.Option(
        None,
        "--levels",
        help=H("atlas.levels"),
    ),
    lang: str | None = typer.Option(None, "--lang", help=H("atlas.lang")),
    resume: bool = typer.Option(False, "--resume", help=H("atlas.resume")),
    render_only: bool = typer.Option(False, "--render-only", help=H("atlas.render_only")),
    only: str | None = typer.Option(None, "--only", help=H("atlas.only")),
    extras: bool | None = typer.Option(None, "--extras/--no-extras", help=H("atlas.extras")),
    cards: bool | None = typer.Option(None, "--cards/--no-cards", help=H("atlas.cards")),
    seed: int | None = typer.Option(None, "--seed", help=H("atlas.seed")),
    workers: int | None = typer.Option(None, "--workers", help=H("workers")),
    scheduler: str | None = typer.Option(None, "--scheduler", help=H("scheduler")),
    cluster: str | None = typer.Option(None, "--cluster", help=H("atlas.cluster")),
    connect_timeout: float | None = typer.Option(None, "--connect-timeout", help=H("connect_timeout")),
    site_url: str | None = typer.Option(None, "--site-url", help=H("atlas.site_url")),
) -> None:
    """Build «Споры двора»: every yard argument as a question answered at each level of play, a static site."""
    from ..site import atlas as atlas_lib
    from ..site.pages import build
    from ..text.say import lang_from_env

    first = (lang or "").split(",")[0].strip()
    talk = first if first in ("ru", "en") else lang_from_env()
    choose_lang(talk)
    request = atlas_lib.AtlasRequest(
        out, games, expert_games, levels, lang, resume, render_only, only, extras, cards, seed, workers
    )
    request.scheduler, request.cluster, request.connect_timeout = scheduler, cluster, connect_timeout
    request.site_url, request.slow_expert_games = site_url, slow_expert_games
    plan = atlas_lib.prepare(request)
    try:
        built = build(plan, lambda line: typer.echo(line, err=True), talk)
    except KeyboardInterrupt:  # what is kept, and how to go on
        from ..system import signals

        signals.hold()
        try:
            stopped = signals.received() or "Ctrl-C"
            signals.clear()
            fail(messages.text("atlas.interrupted", talk, stopped=stopped, out=out), talk)
        finally:
            signals.release()
    if built["missing"]:
        typer.echo(messages.text("cli.not_played", talk, names=", ".join(built["missing"])), err=True)
    typer.echo(messages.text("cli.site_written", talk, path=out / "index.html"))


def speak_utf8() -> None:
    """Under LANG=C (an ASCII stdout, PYTHONUTF8=0) print UTF-8 anyway: every answer names «Козёл», and a
    variant's Russian name is text; undecodable bytes of a file name are written back as they were."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
        if encoding in ("ascii", "ansix3.41968", "usascii") and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="surrogateescape")


def main() -> None:
    try:
        run_command_line()
    except KeyboardInterrupt:  # a signal in the instant between the command's own handling and its end
        sys.exit(2)  # (Python would die by SIGINT, exit code 130 or -2, with a traceback)


def run_command_line() -> None:
    from ..system import signals

    # SIGTERM (kill PID) stops a run like Ctrl-C: the workers are stopped and what is finished is
    # kept; neither ever cuts a file in half (signals.protected). SIGINT is handled even when the
    # shell started us with it ignored (a background job).
    signals.install()
    speak_utf8()
    try:
        app(prog_name="kozel-stats")
    except KeyboardInterrupt:  # a Ctrl-C outside a command (parsing the options, or after its message)
        from ..text.say import t

        signals.hold()
        lang = args_lang(sys.argv[1:])
        typer.echo(t("error", lang, t("interrupted", lang, signals.received() or "Ctrl-C")), err=True)
        sys.exit(2)
    finally:  # the command has ended (its exit code is set): a late Ctrl-C while Python shuts the worker
        signals.ignore_interrupts()  # pool down must not turn exit code 2 into 130


if __name__ == "__main__":
    main()
