"""The `kozel-stats` command line: parses, calls the library, prints.

Heavy modules (numba, the engine) are imported inside the commands so that
`kozel-stats --help` starts fast.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from pathlib import Path
from typing import Callable, Optional

import typer

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Settle arguments about the domino game Козёл with data: rule variants, games, records.",
)
variants_app = typer.Typer(add_completion=False, help="List the shipped rule variants, or show one resolved.")
app.add_typer(variants_app, name="variants")


def terminal():
    """A rich console at least 100 columns wide, also when the output is piped to a file."""
    from rich.console import Console

    console = Console()
    return console if console.is_terminal and console.width >= 100 else Console(width=100)


def fail(message: str) -> None:
    typer.echo(f"kozel-stats: error: {message}", err=True)
    raise typer.Exit(2)


def friendly_errors(func: Callable) -> Callable:
    """Bad input becomes one clear paragraph and exit code 2, never a traceback."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        from .errors import KozelError

        try:
            return func(*args, **kwargs)
        except (KozelError, ValueError) as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            fail("interrupted (Ctrl-C); everything finished before it was kept.")
        except OSError as exc:
            fail(f"{getattr(exc, 'filename', '') or ''}: {exc.strerror or exc}")
        except typer.Exit:
            raise
        except Exception as exc:  # a bug, not bad input: one line, the traceback only on request
            if os.environ.get("KOZEL_DEBUG"):
                raise
            typer.echo(f"kozel-stats: internal error: {type(exc).__name__}: {exc} "
                       "(set KOZEL_DEBUG=1 for the traceback, and please report it).", err=True)
            raise typer.Exit(1)

    return wrapper


def announce_compile(entry: str, seat_bots: list[str]) -> None:
    """Compile (or load) the kernel a command needs before it starts, saying so on stderr."""
    from .trace import bot_array
    from .warmup import prepare, thoughtful

    prepare(entry, thoughtful(bot_array(seat_bots)) if seat_bots else False,
            lambda line: typer.echo(line, err=True))


@variants_app.callback(invoke_without_command=True)
@friendly_errors
def variants_list(ctx: typer.Context) -> None:
    """List the shipped variants with their descriptions."""
    if ctx.invoked_subcommand is not None:
        return
    from .rules import load_variant, shipped_dir

    for path in sorted(shipped_dir().glob("*.yaml"), key=lambda f: f.stem):
        v = load_variant(path)
        typer.echo(f"{v.name:<26} {v.description}")


@variants_app.command("show")
@friendly_errors
def variants_show(
    name: str = typer.Argument(..., help="A shipped variant name or a path to a .yaml file."),
    as_json: bool = typer.Option(False, "--json", help="Print the resolved variant as JSON."),
) -> None:
    """Print the fully resolved rules of a variant (every knob, with the words of its rule)."""
    from .rules import KNOB_BY_NAME, load_variant

    v = load_variant(name)
    if as_json:
        typer.echo(json.dumps(v.to_dict(), ensure_ascii=False, indent=2))
        return
    typer.echo(f"{v.name}: {v.description}")
    typer.echo(f"source: {v.source}")
    typer.echo(f"extends: {v.extends or '-'}   game: {v.game}   hash: {v.content_hash}")
    for key, value in v.rules:
        knob = KNOB_BY_NAME[key]
        shown = str(value).lower() if isinstance(value, bool) else value
        detail = knob.meaning.get(str(value)) or knob.meaning.get("double-NN" if str(value).startswith("double-") else "", "")
        typer.echo(f"  {key:<16} {shown!s:<14} {knob.rule}" + (f" ({detail})" if detail else ""))


@app.command()
@friendly_errors
def play(
    variant: str = typer.Argument(..., help="A shipped variant name or a path to a .yaml file."),
    seed: int = typer.Option(1, "--seed", help="Run seed: game i is played from a seed derived from it."),
    games: int = typer.Option(1, "--games", min=1, help="Number of games."),
    bots: str = typer.Option("random", "--bots", help="One bot for all seats, or four comma-separated."),
    trace: Optional[Path] = typer.Option(None, "--trace", help="Write kozel-trace/1 records (JSON Lines) here."),
    game_seed: Optional[int] = typer.Option(
        None, "--game-seed", help="Replay one game from the 'seed' field of a record (overrides --seed)."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not print the deal-by-deal log."),
) -> None:
    """Play games and print a readable deal-by-deal log; optionally write game records."""
    from .rules import load_variant
    from .trace import format_game, parse_bots, record_game, run_seed_game

    v = load_variant(variant)
    seats = parse_bots(bots, v["players"])
    announce_compile("play_game", seats)
    if game_seed is not None:
        if not 0 <= game_seed < 2**63:
            raise ValueError(f"--game-seed must be from 0 to 2**63-1, not {game_seed}.")
        seeds = [game_seed]
    else:
        seeds = [run_seed_game(seed, g) for g in range(games)]
    handle = None
    if trace is not None:
        try:
            handle = trace.open("w", encoding="utf-8")
        except OSError as exc:
            raise ValueError(f"--trace {trace}: cannot be written ({exc.strerror or exc}).") from None
    try:
        for g, s in enumerate(seeds):
            record = record_game(v, s, seats, game=g)
            if handle:
                handle.write(json.dumps(record, separators=(",", ":")) + "\n")
                handle.flush()
            if not quiet:
                typer.echo(format_game(record) + "\n")
            else:
                pairs = record["sides"] == [[0, 2], [1, 3]]
                loser = ("cut off" if record["loser"] is None else
                         f"side {'AB'[record['loser']]} lose" if pairs else f"P{record['loser']} is the goat")
                typer.echo(f"game {g}: {len(record['deals'])} deals, {loser}, score {record['final_score']}"
                           + (f", {' '.join(record['titles'])}" if record["titles"] else ""))
    finally:
        if handle:
            handle.close()
    if trace is not None:
        typer.echo(f"wrote {len(seeds)} game record(s) to {trace}", err=True)


@app.command()
@friendly_errors
def replay(
    records: Path = typer.Argument(..., help="A kozel-trace/1 JSON Lines file."),
    variant: Optional[str] = typer.Option(
        None, "--variant", help="Rules to check against (default: each record's 'variant' field)."
    ),
) -> None:
    """Replay recorded games through the engine; report any illegal move or wrong score."""
    from .rules import load_variant
    from .trace import read_records, replay_record

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
                raise ValueError(f"{where}: field 'variant' missing; pass --variant.")
            if name not in cache:
                cache[name] = load_variant(name)
            v = cache[name]
        problems = replay_record(record, v, where)
        n_games += 1
        if problems:
            n_bad += 1
            for problem in problems:
                typer.echo(f"line {lineno}, {problem}")
        else:
            typer.echo(f"line {lineno}, game {record.get('game', '?')}: OK ({len(record['deals'])} deals)")
    if n_games == 0:
        raise ValueError(f"{records}: holds no game records.")
    typer.echo(f"{n_games} game(s) replayed, {n_games - n_bad} correct, {n_bad} with problems.")
    if n_bad:
        raise typer.Exit(1)


@app.command()
@friendly_errors
def compare(
    variants: list[str] = typer.Argument(..., help="Variant files, shipped names, or folders of .yaml files."),
    games: int = typer.Option(100_000, "--games", min=1, help="Games per variant (the start, with --precision)."),
    seed: int = typer.Option(1, "--seed", help="Run seed: fixes every number of the output."),
    bots: str = typer.Option("random", "--bots", help="One bot for all seats, or four comma-separated."),
    workers: Optional[int] = typer.Option(None, "--workers", min=1, help="Worker processes (default: all cores)."),
    baseline: Optional[str] = typer.Option(None, "--baseline", help="Variant to compare against (default: default)."),
    precision: Optional[float] = typer.Option(
        None, "--precision", min=1e-6, max=1.0,
        help="Add games until every headline interval is this narrow (rates: absolute, 0.005 = ±0.5 pp; "
        "means: relative).",
    ),
    max_games: Optional[int] = typer.Option(None, "--max-games", min=1, help="Upper bound with --precision."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write tables (Parquet) and summary.json here."),
    csv: bool = typer.Option(False, "--csv", help="With --out: also write CSV copies of the tables."),
    deals: bool = typer.Option(False, "--deals", help="With --out: also write one row per deal (large)."),
    details: Optional[bool] = typer.Option(None, "--details/--brief", help="Per-variant tables (default: <= 3 variants)."),
    batch_size: Optional[int] = typer.Option(None, "--batch-size", min=100, help="Games per work unit."),
    report: Optional[Path] = typer.Option(None, "--report", help="Write a self-contained HTML report here."),
    lang: str = typer.Option("ru", "--lang", help="Language of the HTML report: ru or en."),
    bots_matrix: Optional[str] = typer.Option(
        None, "--bots-matrix",
        help="Run the comparison once per bot (e.g. random,heavy,counter) and say which verdicts survive.",
    ),
) -> None:
    """Compare rule variants by Monte Carlo: game length, naked goats, fish and more, against a baseline."""
    from rich.console import Console

    from .compare import run_compare
    from .progress import GamesProgress
    from .results import check_writable, save
    from .rules import load_variants
    from .tables import print_analysis
    from .trace import parse_bots

    loaded = load_variants(variants)
    seats = [b.strip() for b in bots.split(",")]
    for v in loaded:
        parse_bots(seats, v["players"])  # checks names and counts, per variant
    if max_games is not None and precision is None:
        raise ValueError("--max-games only applies with --precision.")
    if (csv or deals) and out is None:
        raise ValueError("--csv and --deals write into the --out folder; give --out DIR.")
    if out is not None:
        check_writable(out)
    if lang not in ("ru", "en"):
        raise ValueError(f"--lang must be ru or en, not {lang!r}.")
    if report is not None:
        check_writable(report.parent if str(report.parent) else Path("."))
    console = terminal()
    err = Console(stderr=True)
    if bots_matrix is not None:
        mixes = [b.strip() for b in bots_matrix.split(",") if b.strip()]
        if len(mixes) < 2:
            raise ValueError("--bots-matrix needs at least two bots, e.g. random,heavy,counter.")
        for mix in mixes:
            for v in loaded:
                parse_bots([mix], v["players"])
        return compare_matrix(loaded, mixes, games, seed, workers, baseline, batch_size, out, console, err,
                              report, lang)
    with GamesProgress(err, [v.name for v in loaded]) as progress:
        outcome = run_compare(loaded, games, seed, seats, workers, baseline, precision, max_games, batch_size,
                              out / "deals" if (out and deals) else None, progress, on_compile=err.print)
    result = outcome.result
    if outcome.analysis.games_per_variant == 0:
        fail("interrupted (Ctrl-C) before any batch of games finished; nothing to keep.")
    print_analysis(console, outcome.summary["meta"], outcome.analysis, details)
    if out is not None:
        save(out, result, outcome.summary, csv)
        err.print(f"results written to {out}/ (games.parquet, by_deal.parquet, fish_sums.parquet, summary.json)")
    if report is not None:
        from .report import ReportData, write
        from .results import by_deal_frame, fish_sums_frame

        write(report, ReportData(outcome.summary["meta"], outcome.analysis, by_deal_frame(result),
                                 fish_sums_frame(result)), lang)
        err.print(f"report written to {report}")
    err.print(f"{outcome.analysis.games_per_variant:,} games per variant played in {result.duration:.1f} s"
              + (f" (compiling the engine first took {result.compile_seconds:.0f} s of CPU)"
                 if result.compile_seconds else ""))
    if result.interrupted:
        fail(f"interrupted (Ctrl-C) after {outcome.analysis.games_per_variant:,} games per variant; "
             + (f"those games are saved in {out}." if out else "the statistics above cover them."))


def compare_matrix(loaded, mixes, games, seed, workers, baseline, batch_size, out, console, err,
                   report=None, lang="ru") -> None:
    """The same comparison under each bot; a table of which verdicts keep sign and significance."""
    from rich import box
    from rich.table import Table

    from .compare import run_compare
    from .duel import robustness
    from .results import save, to_jsonable
    from .tables import SPECS, fmt_value

    per_mix = {}
    outcomes = {}
    for mix in mixes:
        err.print(f"bots {mix}: playing {games:,} games per variant ...")
        outcome = run_compare(loaded, games, seed, [mix], workers, baseline, None, None, batch_size,
                              on_compile=err.print)
        if outcome.result.interrupted:
            fail(f"interrupted (Ctrl-C) during the {mix} run; the runs before it are not saved.")
        per_mix[mix] = outcome.analysis.comparisons
        outcomes[mix] = outcome
    rows = robustness(per_mix)
    table = Table(title=f"Does the verdict survive a change of bots? ({games:,} games per variant and bot; "
                        "* significant after Holm)", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("variant", no_wrap=True, max_width=22)
    table.add_column("metric", max_width=24)
    for mix in mixes:
        table.add_column(mix, justify="right", no_wrap=True)
    table.add_column("verdict", no_wrap=True)
    for row in rows:
        if row["verdict"] == "no effect" and not SPECS[row["metric"]].headline:
            continue
        cells = []
        for mix in mixes:
            c = row["by_mix"].get(mix)
            cells.append("–" if c is None else fmt_value(row["metric"], c["diff"], True) + ("*" if c["significant"] else ""))
        style = {"robust": "bold green", "depends on bots": "bold yellow"}.get(row["verdict"], "dim")
        table.add_row(row["variant"], SPECS[row["metric"]].label, *cells, f"[{style}]{row['verdict']}[/{style}]")
    console.print(table)
    if out is not None:
        first = outcomes[mixes[0]]
        summary = dict(first.summary, matrix={"bots": mixes, "rows": rows,
                                              "summaries": {m: o.summary for m, o in outcomes.items()}})
        save(out, first.result, to_jsonable(summary))
        err.print(f"results of the {mixes[0]} run and the matrix written to {out}/summary.json")
    if report is not None:
        from .report import ReportData, write
        from .results import by_deal_frame, fish_sums_frame

        first = outcomes[mixes[0]]
        write(report, ReportData(first.summary["meta"], first.analysis, by_deal_frame(first.result),
                                 fish_sums_frame(first.result), {"bots": mixes, "rows": rows}), lang)
        err.print(f"report written to {report} (the {mixes[0]} run in full, and the verdicts under every bot)")


@app.command()
@friendly_errors
def duel(
    bot_a: str = typer.Argument(..., help="The bot of side A."),
    bot_b: str = typer.Argument(..., help="The bot of side B."),
    variant: str = typer.Option("default", "--variant", help="Rules to play (a name or a .yaml file)."),
    games: int = typer.Option(20_000, "--games", min=2, help="Deal sequences; each is played twice, seats swapped."),
    seed: int = typer.Option(1, "--seed", help="Run seed."),
    workers: Optional[int] = typer.Option(None, "--workers", min=1, help="Worker processes (default: all cores)."),
) -> None:
    """Side A with one bot against side B with another, in duplicate (the same deals, seats swapped)."""
    from .duel import run_duel
    from .rules import load_variant
    from .trace import parse_bots

    v = load_variant(variant)
    announce_compile("play_batch", parse_bots([bot_a, bot_b, bot_a, bot_b]))
    r = run_duel(v, bot_a, bot_b, games, seed, workers)
    typer.echo(f"{bot_a} (A) vs {bot_b} (B) on {v.name}: {r.pairs:,} deal sequences played twice, seats swapped")
    typer.echo(f"  {bot_a}'s side wins {r.win_rate * 100:.2f}% of games (95% CI {r.low * 100:.2f} to "
               f"{r.high * 100:.2f}%)")
    typer.echo(f"  Elo-style difference: {r.elo:+.0f} (95% CI {r.elo_low:+.0f} to {r.elo_high:+.0f})")
    typer.echo(f"  deals per game: {r.deals_per_game:.2f}")
    typer.echo(f"  naked goats: {bot_a}'s side {r.naked_a * 100:.2f}% of games, {bot_b}'s side {r.naked_b * 100:.2f}%")
    if r.low > 0.5:
        typer.echo(f"  verdict: {bot_a} is stronger than {bot_b}.")
    elif r.high < 0.5:
        typer.echo(f"  verdict: {bot_b} is stronger than {bot_a}.")
    else:
        typer.echo("  verdict: no detectable difference at this number of games.")


@app.command()
@friendly_errors
def summarize(
    folder: Path = typer.Argument(..., help="A results folder written by `compare --out`."),
    baseline: Optional[str] = typer.Option(None, "--baseline", help="Variant to compare against (default: the run's)."),
    details: Optional[bool] = typer.Option(None, "--details/--brief", help="Per-variant tables."),
) -> None:
    """Recompute the statistics from a saved results folder."""

    from .compare import analyse
    from .results import load
    from .tables import print_analysis

    loaded = load(folder)
    meta = loaded.summary["meta"]
    names = [str(n) for n in loaded.games.get_column("variant").unique(maintain_order=True).to_list()]
    chosen = baseline or meta.get("baseline") or names[0]
    if chosen not in names:
        raise ValueError(f"--baseline {chosen!r} is not in {folder} (variants: {', '.join(names)}).")
    analysis = analyse(loaded.games, chosen)
    meta = dict(meta, baseline=chosen, games_per_variant=analysis.games_per_variant)
    print_analysis(terminal(), meta, analysis, details)


@app.command("report")
@friendly_errors
def report_command(
    folder: Path = typer.Argument(..., help="A results folder written by `compare --out`."),
    output: Path = typer.Option(..., "-o", "--output", help="The HTML file to write."),
    lang: str = typer.Option("ru", "--lang", help="Language: ru (default) or en."),
    baseline: Optional[str] = typer.Option(None, "--baseline", help="Variant to compare against (default: the run's)."),
) -> None:
    """Write a self-contained HTML report (plotly.js embedded, works offline) from a results folder."""
    from .compare import analyse
    from .report import ReportData, write
    from .results import load

    if lang not in ("ru", "en"):
        raise ValueError(f"--lang must be ru or en, not {lang!r}.")
    loaded = load(folder)
    meta = dict(loaded.summary["meta"])
    names = [str(n) for n in loaded.games.get_column("variant").unique(maintain_order=True).to_list()]
    chosen = baseline or meta.get("baseline") or names[0]
    if chosen not in names:
        raise ValueError(f"--baseline {chosen!r} is not in {folder} (variants: {', '.join(names)}).")
    analysis = analyse(loaded.games, chosen)
    meta.update(baseline=chosen, games_per_variant=analysis.games_per_variant)
    write(output, ReportData(meta, analysis, loaded.by_deal, loaded.fish_sums), lang)
    typer.echo(f"report written to {output}")


def _stop(signum, frame) -> None:
    raise KeyboardInterrupt


def main() -> None:
    import signal

    # SIGTERM (kill PID) stops a run like Ctrl-C: the workers are stopped and what is finished is
    # kept. SIGINT is handled even when the shell started us with it ignored (a background job).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _stop)
    app(prog_name="kozel-stats")


if __name__ == "__main__":
    sys.exit(main())
