"""The HTML report: its numbers are the summary's, it speaks the reader's language, it is self-contained,
and it draws in a real browser on a laptop (1280 px) and on a phone (390 px, device scale 2) without
horizontal scrolling, every chart drawn and no script error."""

import base64
import html as html_lib
import json
import os
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kozel_stats.cli.commands import app
from kozel_stats.present import words
from kozel_stats.present.report import CARD_FLAGS, _num
from kozel_stats.rules.variants import shipped_names

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
REPORTS = ROOT / "reports"
ARTIFACTS = REPORTS / "test-artifacts"  # git-ignored: every screenshot of the last browser test run
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = CARD_FLAGS  # the flags the report itself uses for the chat card (one list)
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)"
)


def compare(out: Path, *args: str, lang: str = "ru") -> Path:
    report = out / f"report-{lang}.html"
    result = runner.invoke(
        app, ["compare", *args, "--workers", "1", "--out", str(out), "--report", str(report), "--lang", lang]
    )
    assert result.exit_code == 0, result.output
    return report


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("run")
    # the random players' figures: the report's words are checked against them below
    compare(
        out, "default", "fish-to-fisherman", "no-threshold", "--games", "3000", "--seed", "5", "--level", "beginner"
    )
    return out


def cell(html_text: str, variant: str, metric: str) -> str:
    match = re.search(rf"data-metric='{metric}' data-variant='{re.escape(variant)}'>([^<]*)<", html_text)
    assert match, (variant, metric)
    return html_lib.unescape(match.group(1))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_report_numbers_are_the_summarys(run_dir, tmp_path, lang):
    path = tmp_path / f"report-{lang}.html"
    result = runner.invoke(app, ["report", str(run_dir), "-o", str(path), "--lang", lang])
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    summary = json.loads((run_dir / "summary.json").read_text())
    for variant, estimates in summary["estimates"].items():
        for e in estimates:
            value = e["value"] if e["value"] is not None else float("nan")
            assert cell(text, variant, e["metric"]) == _num(e["metric"], value, lang)
    # the titles, not only the file names; the rules that differ; how to reproduce
    assert "fish-to-fisherman" in text and "no-threshold" in text
    assert "fish_winner" in text and "threshold" in text
    assert "kozel-stats compare default fish-to-fisherman no-threshold --games 3000 --seed 5" in text
    if lang == "ru":
        assert "Рыба рыбаку" in text and "Без порога" in text and "3000 партий" in text
        assert "Главное" in text and "голые козлы" in text and "рыба" in text
        assert "Партии чуть длиннее" in text  # fish to the fisherman makes games longer: the headline
        assert "По самому правилу" in text  # the fisherman's side wins every fish: restates the rule
        assert "98,75\u00a0% ДИ" in text and "п.п." in text and " pp" not in visible_text(text)
        assert "Что здесь значат слова и числа" in text and "Бонферрони" in text
        assert "это программы, а не люди" in text
    else:
        assert "Fish to the fisherman" in text and "The answer" in text and "naked-goat rate" in text
        assert "Games slightly longer" in text and "98.75% CI" in text


def test_the_headline_card_and_the_restated_facts(run_dir):
    text = (run_dir / "report-ru.html").read_text(encoding="utf-8")
    card = html_lib.unescape(re.search(r"<pre class=\"card-text\" id=\"card-text\">(.*?)</pre>", text, re.S).group(1))
    assert card.splitlines()[0].startswith("Козёл: что меняют правила — 3000 партий на вариант")
    fisherman = next(line for line in card.splitlines() if line.startswith("• Рыба рыбаку: "))
    assert "партии чуть длиннее (+0,2" in fisherman  # a decimal comma, the sign, the unit in words
    assert "рыбака" not in fisherman  # the rule itself is not news
    block = text.split("data-variant='fish-to-fisherman'><h3>", 1)[1].split("</article>", 1)[0]
    restated = block.split("По самому правилу", 1)[1]
    assert "data-metric='fisherman_share'" in restated and "data-metric='eggs_rate'" in restated


def test_numbers_per_language():
    assert words.count(30000, "ru") == "30\u00a0000" and words.count(30000, "en") == "30,000"
    assert words.count(3000, "ru") == "3000"  # Russian groups from five digits on
    assert words.number(0.2213, 2, "ru") == "0,22" and words.number(0.2213, 2, "en") == "0.22"
    assert words.number(-2.054, 2, "ru", signed=True) == "\u22122,05"
    assert words.diff("naked_rate", 0.02054, "ru", 2) == "+2,05\u00a0п.п."
    assert words.diff("naked_rate", 0.02054, "en", 2) == "+2.05\u00a0pp"  # the same digits in both
    assert words.seconds(853.35, "ru") == "14 мин 13 с"
    assert words.lang_from_env({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert words.lang_from_env({"LANG": "ru_RU.UTF-8", "LC_ALL": "C.UTF-8"}) == "en"
    assert words.lang_from_env({}) == "en"


def test_solo_games_speak_of_players(tmp_path):
    report = compare(tmp_path, "solo-3", "solo-4", "--games", "600")
    text = report.read_text(encoding="utf-8")
    assert "проигрыш игрока, зашедшего первым в партии" in text and "проигрыш пары" not in text
    assert "Места игроков" in text and "в 1 из 3 партий (33,3\u00a0%)" in text and "игрок 1" in text
    placings = text.split("<table class='placings'>", 1)[1].split("</table>", 1)[0]
    shares = re.findall(r"<td>(\d+,\d)\u00a0% <small>(\d+,\d)…(\d+,\d)\u00a0%</small></td>", placings)
    assert len(shares) == 9  # every player's every place with its 95% interval
    assert all(
        float(lo.replace(",", ".")) <= float(x.replace(",", ".")) <= float(hi.replace(",", ".")) for x, lo, hi in shares
    )


def test_report_is_self_contained_and_small(run_dir):
    text = (run_dir / "report-ru.html").read_text(encoding="utf-8")
    assert not re.search(r"<script[^>]+src=", text), "no external scripts"
    assert not re.search(r"<(link|img|iframe)[^>]+(href|src)=[\"']?https?:", text), "nothing fetched from the network"
    assert "Plotly" in text
    import plotly.offline

    if plotly.offline.get_plotlyjs_version().startswith("4."):  # the partial bundle (kozel_stats/vendor)
        assert len(text.encode()) <= 1_500_000, "a report is sent in a chat: at most 1.5 MB"
    assert "displayModeBar: false" in text  # no plotly toolbar over the charts or in print
    assert "@page { size: A4" in text


def test_the_partial_plotly_bundle_draws_every_trace_type_of_the_reports(run_dir):
    """The reports embed plotly.js with only the trace types they use (kozel_stats/vendor/README.md): every
    type a report's figures hold is registered in the bundle, and the bundle is the one embedded."""
    import plotly.offline

    from kozel_stats.present.report import BUNDLED_TRACES, VENDOR, VENDORED_PLOTLY_JS

    if plotly.offline.get_plotlyjs_version().split(".")[0] != VENDORED_PLOTLY_JS.split(".")[0]:
        pytest.skip("an older plotly.py: the reports embed its own full plotly.js (.ci/lowest)")
    bundle = (VENDOR / "plotly-kozel.min.js").read_text(encoding="utf-8")
    assert all(f'moduleType:"trace",name:"{t}"' in bundle for t in BUNDLED_TRACES)
    assert 'moduleType:"trace",name:"box"' not in bundle and len(bundle.encode()) < 1_200_000
    assert (VENDOR / "LICENSE-plotly.js.txt").read_text().startswith("MIT License")
    text = (run_dir / "report-ru.html").read_text(encoding="utf-8")
    # travels packed (raw DEFLATE in base64, unpacked by js/inflate.js in the page): the bundle, byte for byte
    packed = text.split('<script id="plotly-packed" type="application/octet-stream">', 1)[1].split("</script>", 1)[0]
    assert zlib.decompress(base64.b64decode(packed), -15).decode("utf-8") == bundle
    assert len(packed) < 0.5 * len(bundle.encode()) and "function kozelInflate(" in text
    figs = json.loads(text.split("var FIGS = ", 1)[1].split(";\n  var TEMPLATE", 1)[0])
    used = {trace.get("type", "scatter") for fig in figs.values() for trace in fig["data"]}
    assert used and used <= set(BUNDLED_TRACES), used


def test_card_file(run_dir, tmp_path):
    card = tmp_path / "card.txt"
    result = runner.invoke(
        app, ["compare", "default", "fish-to-fisherman", "--games", "500", "--workers", "1", "--card", str(card)]
    )
    assert result.exit_code == 0, result.output
    assert card.read_text(encoding="utf-8").count("•") == 1
    result = runner.invoke(app, ["compare", "default", "--games", "500", "--card", str(tmp_path / "card.pdf")])
    assert result.exit_code == 2 and ".txt" in result.output


# --- in a browser -------------------------------------------------------------------------------------------------
FRAME = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0} iframe{border:0}</style></head>
<body><iframe id="f" src="REPORT" style="width:WIDTHpx;height:844px"></iframe><script>
var f = document.getElementById("f");
function poll(n) {
  var d = f.contentDocument;
  if (d && d.body && d.body.dataset.chartsDrawn !== undefined) {
    Object.keys(d.body.dataset).forEach(function (k) { document.body.dataset[k] = d.body.dataset[k]; });
    document.body.dataset.done = "1";
  } else if (n > 0) { setTimeout(function () { poll(n - 1); }, 100); }
}
f.addEventListener("load", function () { poll(150); });
</script></body></html>"""

#: Latin words a Russian report may show outside the ids and the code (<code>): the program's name
ALLOWED_LATIN = {"kozel", "stats"}


def chromium(args: list[str], profile: Path, timeout: int = 180) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--virtual-time-budget=15000", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def body_data(dom: str) -> dict[str, str]:
    body = re.search(r"<body([^>]*)>", dom).group(1)
    return {k: html_lib.unescape(v) for k, v in re.findall(r'data-([a-z-]+)="([^"]*)"', body)}


def visible_text(dom: str) -> str:
    """The text a reader sees: no scripts, styles or code (ids, commands, hashes)."""
    text = re.sub(r"<(script|style|code)\b.*?</\1>", " ", dom, flags=re.S | re.I)
    text = re.sub(r"<[^>]+>", " ", text)
    return html_lib.unescape(text)


def check_page(report: Path, width: int, tmp_path: Path, lang: str) -> dict[str, str]:
    """Render at `width` CSS px (device scale 2 for a phone) and return what the page says about itself."""
    scale = "2" if width < 600 else "1"
    if width < 600:  # a headless window is at least 500 px wide: the phone is an iframe of exactly `width`
        frame = report.with_name(f"frame-{width}-{report.stem}.html")
        frame.write_text(FRAME.replace("REPORT", report.name).replace("WIDTH", str(width)), encoding="utf-8")
        dom = chromium(
            [
                "--allow-file-access-from-files",
                "--window-size=600,900",
                f"--force-device-scale-factor={scale}",
                "--dump-dom",
                frame.as_uri(),
            ],
            tmp_path / f"p-{report.stem}-{width}",
        )
        data = body_data(dom.stdout)
        assert data.get("done") == "1", dom.stdout[-2000:]
    else:
        dom = chromium(
            [f"--window-size={width},900", "--enable-logging=stderr", "--dump-dom", report.as_uri()],
            tmp_path / f"p-{report.stem}-{width}",
        )
        data = body_data(dom.stdout)
        console = [line for line in dom.stderr.splitlines() if "CONSOLE" in line and "error" in line.lower()]
        assert not console, console
        if lang == "ru":
            latin = set(re.findall(r"[A-Za-z]{2,}", visible_text(dom.stdout))) - ALLOWED_LATIN
            assert not latin, f"English words in the Russian report: {sorted(latin)}"
    assert data["js-errors"] == "[]", data
    assert int(data["charts-total"]) >= 9 and data["charts-drawn"] == data["charts-total"], data
    assert int(data["scroll-width"]) <= int(data["viewport-width"]), f"horizontal scrolling at {width} px: {data}"
    assert data["too-wide"] == "[]", data
    assert data["legend-scroll"] == "0", f"a legend with an inner scroll bar at {width} px: {data}"
    assert float(data["min-font"]) >= 11, f"chart text under 11 px at {width} px: {data}"
    assert data["bare-summaries"] == "[]", f"a folded section not titled in words: {data}"
    assert "load-ms" in data
    shot = ARTIFACTS / f"{report.parent.name}-{report.stem}-{width}.png"
    chromium(
        [
            f"--window-size={width},{1500 if width >= 600 else 1400}",
            f"--force-device-scale-factor={scale}",
            f"--screenshot={shot}",
            report.as_uri(),
        ],
        tmp_path / f"s-{report.stem}-{width}",
    )
    assert shot.is_file() and shot.stat().st_size > 20_000
    return data


@pytest.fixture(scope="module")
def browser_reports(tmp_path_factory):
    """The reports of the issue: every shipped variant; default vs morskoy vs osel; solo-3 vs solo-4; and skill
    or luck (`--skill`, issue 15) with a pair game, a rule and a solo game."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base = tmp_path_factory.mktemp("browser")
    out = {}
    for name, args in {
        "all": [str(ROOT / "variants"), "--games", "400", "--brief"],
        "family": ["default", "morskoy", "osel", "--games", "2000"],
        "solo": ["solo-3", "solo-4", "--games", "2000"],
        "skill": ["default", "fish-to-fisherman", "solo-3", "--skill", "counter/random", "--games", "300"],
    }.items():
        folder = base / name
        folder.mkdir()
        out[name] = compare(folder, *args)
        en = folder / "report-en.html"
        assert runner.invoke(app, ["report", str(folder), "-o", str(en), "--lang", "en"]).exit_code == 0
    return out


@pytest.mark.slow
@needs_chromium
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("which", ["all", "family", "solo", "skill"])
def test_report_in_a_browser(browser_reports, tmp_path, which, width):
    report = browser_reports[which]
    check_page(report, width, tmp_path, "ru")
    check_page(report.with_name("report-en.html"), width, tmp_path, "en")
    if which == "all":  # every shipped variant is in it, by its Russian title
        text = report.read_text(encoding="utf-8")
        assert all(f"data-variant='{name}'" in text for name in shipped_names())
        assert len(text.encode()) <= 1_500_000, "a report of every variant is sent in a chat too: at most 1.5 MB"
    readme_shot = REPORTS / f"report-{width}.png"  # the README's screenshots: one per width
    if which == "family" and (os.environ.get("KOZEL_UPDATE_SCREENSHOTS") or not readme_shot.exists()):
        shutil.copy(ARTIFACTS / f"family-report-ru-{width}.png", readme_shot)


@pytest.mark.slow
@needs_chromium
def test_png_card(tmp_path):
    card = tmp_path / "card.png"
    result = runner.invoke(
        app, ["compare", "default", "osel", "--games", "500", "--workers", "1", "--card", str(card), "--lang", "ru"]
    )
    assert result.exit_code == 0, result.output
    assert card.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and card.stat().st_size > 5_000
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(card, ARTIFACTS / "card.png")
