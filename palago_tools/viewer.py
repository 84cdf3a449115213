"""The replay viewer: one self-contained HTML file that steps through a game turn by turn.

:func:`viewer_html` replays a record, draws the board after every turn with the diagram renderer
(the record's annotations at their turn, the creatures completed by a turn emphasised, tiles
numbered by turn) and writes a page with the boards inlined as SVG, a move list with the comments
and glyphs, the players, and the result or the Palagonia scores after each turn. First, previous,
next and last buttons, the left and right arrow keys (Home and End too) and a click on a move step
through it. The page loads nothing: its styles and its small script are inline, and it works from
a file, offline, in light and dark themes and on a phone-sized screen.

Every text taken from the record (names, tags, comments) is HTML-escaped; the per-turn data are
hidden elements of escaped text, never script, so a comment holding ``<script>`` shows as text.
Positions, creature cards and transformations have one frame: their diagram as ``palago diagram``
draws it.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from .diagram import Diagram, DiagramError, Emphasis, Options, View, compile_diagram
from .diagram.from_records import annotated, diagram_of, turn_diagram
from .hexgrid import Cell, neighbours
from .notation import records as rec
from .position import Position
from .render import to_svg
from .replay import RecordReport, TurnReport, replay

THEMES: Final = ("auto", "light", "dark")
"""The page themes: ``auto`` follows the reader's system setting (prefers-color-scheme)."""

GLYPH_MEANINGS: Final = {
    rec.Glyph.GOOD: "good move",
    rec.Glyph.MISTAKE: "mistake",
    rec.Glyph.BRILLIANT: "brilliant move",
    rec.Glyph.BLUNDER: "blunder",
    rec.Glyph.INTERESTING: "interesting move",
    rec.Glyph.DUBIOUS: "dubious move",
}

_RESULT_TEXT: Final = {
    rec.PalagoResult.YELLOW_WINS: "1-0",
    rec.PalagoResult.BLUE_WINS: "0-1",
    rec.PalagoResult.DRAW: "1/2-1/2",
    rec.PalagoResult.UNFINISHED: "*",
}

_INFO_TAGS: Final = ("Event", "Site", "Date", "Round", "Annotator", "Source")


@dataclass(frozen=True)
class Frame:
    """One step of the viewer: a board and what to say about it."""

    label: str
    """``Start``, or the turn label (``3``, ``2+``)."""
    heading: str
    diagram: Diagram
    player: str = ""
    move: str = ""
    glyphs: tuple[rec.Glyph, ...] = ()
    comments: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()
    points: tuple[tuple[str, int], ...] = ()
    scores: tuple[tuple[str, int], ...] | None = None
    notes: tuple[str, ...] = ()
    colour: str = ""
    """``yellow`` or ``blue`` for the mover of a Palago turn (the move list's swatch)."""


@dataclass
class _Page:
    title: str
    players: list[tuple[str, str]] = field(default_factory=list)
    """(role, name) pairs: ("Yellow", "Anna") or ("Seat 1", "Anna")."""
    info: list[tuple[str, str]] = field(default_factory=list)
    result: str = ""
    error: str = ""
    frames: list[Frame] = field(default_factory=list)


# --- Frames ----------------------------------------------------------------------------------


def _comment_texts(comments: Iterable[rec.Comment]) -> tuple[str, ...]:
    return tuple(c.text for c in comments if c.text)


def _with_completed(diagram: Diagram, turn: TurnReport) -> Diagram:
    """``diagram`` with the creatures the turn completed emphasised (besides any outline)."""
    if not turn.completed:
        return diagram
    cells: set[Cell] = {cell for creature in turn.completed for cell in creature.cells}
    colour = None
    if diagram.emphasis is not None:
        cells |= diagram.emphasis.cells
        colour = diagram.emphasis.colour
    return dataclasses.replace(diagram, emphasis=Emphasis(frozenset(cells), colour=colour))


def _palago_frames(record: rec.PalagoGame, report: RecordReport, numbers: bool) -> list[Frame]:
    frames = [_start_frame(record)]
    last = len(report.turns) - 1
    for index, (turn, played) in enumerate(zip(record.turns, report.turns)):
        diagram = _with_completed(turn_diagram(record, report, index, numbers), played)
        glyphs = tuple(p.glyph for p in turn.placements if p.glyph is not None)
        move = " ".join(p.tile.token + (p.glyph.value if p.glyph else "") for p in turn.placements)
        notes = [played.note] if played.note else []
        if index == last and report.error is None:
            notes.extend(_palago_outcome(record, report))
        frames.append(
            Frame(
                label=played.label,
                heading=f"Turn {played.label}: {played.player}",
                diagram=diagram,
                player=played.player,
                move=move,
                glyphs=glyphs,
                comments=_comment_texts(c for p in turn.placements for c in p.comments)
                + _variation_texts(turn.variations),
                completed=tuple(c.summary() for c in played.completed),
                notes=tuple(notes),
                colour=record.mover(turn.number).value,
            )
        )
    return frames


def _palago_outcome(record: rec.PalagoGame, report: RecordReport) -> list[str]:
    if report.winner:
        return [f"Game over: {report.winner} won"]
    if report.draw:
        return ["Game over: drawn"]
    return []


def _palago_result(record: rec.PalagoGame, report: RecordReport) -> str:
    """``0-1, Blue (Ivan) won``; ``*, unfinished``."""
    written = _RESULT_TEXT[record.result]
    if report.error is None and report.winner:
        return f"{written}, {report.winner} won"
    if report.error is None and report.draw:
        return f"{written}, drawn"
    return f"{written}, unfinished" if record.result is rec.PalagoResult.UNFINISHED else written


def _palagonia_frames(record: rec.PalagoniaGame, report: RecordReport, numbers: bool) -> list[Frame]:
    frames = [_start_frame(record)]
    totals = {name: 0 for name in record.players}
    last = len(report.turns) - 1
    for index, (turn, played) in enumerate(zip(record.turns, report.turns)):
        diagram = _with_completed(turn_diagram(record, report, index, numbers), played)
        for name, value in played.points:
            totals[name] = totals.get(name, 0) + value
        rolls = " ".join("[" + " ".join(f.value for f in roll.faces) + "]" for roll in turn.rolls)
        notes = [played.note] if played.note else []
        if index == last and report.error is None and report.game_over:
            if report.winner:
                notes.append(f"Game over: {report.winner} won")
            elif report.draw:
                notes.append("Game over: drawn")
            else:
                notes.append("Game over")
        frames.append(
            Frame(
                label=played.label,
                heading=f"Turn {played.label}: {played.player}",
                diagram=diagram,
                player=played.player,
                move=f"{rolls} {played.move}" + (turn.glyph.value if turn.glyph else ""),
                glyphs=(turn.glyph,) if turn.glyph else (),
                comments=_comment_texts(turn.comments) + _variation_texts(turn.variations),
                completed=tuple(c.summary() for c in played.completed),
                points=played.points,
                scores=tuple(totals.items()),
                notes=tuple(notes),
            )
        )
    return frames


def _variation_texts(variations: Sequence[rec.Variation[rec.PalagoTurn] | rec.Variation[rec.PalagoniaTurn]]) -> tuple[str, ...]:
    out: list[str] = []
    for variation in variations:
        parts: list[str] = []
        for turn in variation.turns:
            if isinstance(turn, rec.PalagoTurn):
                tokens = " ".join(p.tile.token + (p.glyph.value if p.glyph else "") for p in turn.placements)
                parts.append(f"{turn.number}. {tokens}")
            else:
                parts.append(f"{turn.label}. {_palagonia_action(turn)}")
        if parts:
            out.append("Instead: " + " ".join(parts))
    return tuple(out)


def _palagonia_action(turn: rec.PalagoniaTurn) -> str:
    action = turn.action
    if isinstance(action, rec.Place):
        return f"{len(action.tiles)}: " + " ".join(t.token for t in action.tiles)
    if isinstance(action, rec.Remove):
        return f"x {action.cell[0]},{action.cell[1]}"
    if isinstance(action, rec.Rotate):
        return f"@ {action.tile.token}"
    return "-"


def _start_frame(record: rec.PalagoGame | rec.PalagoniaGame) -> Frame:
    notes = [c.annotations for c in record.comments]
    diagram = annotated(Diagram(Position(), caption="Before the first turn"), [a for n in notes for a in n])
    scores = None
    if isinstance(record, rec.PalagoniaGame):
        scores = tuple((name, 0) for name in record.players)
    return Frame(
        label="Start",
        heading="Before the first turn",
        diagram=diagram,
        comments=_comment_texts(record.comments),
        scores=scores,
    )


def _page(record: rec.Record, numbers: bool) -> _Page:
    kind = rec.KIND_OF[type(record)]
    info = [(name, value) for name, value in record.tags if name in _INFO_TAGS]
    if isinstance(record, rec.PalagoGame):
        report = replay(record)
        names = " – ".join(n for n in (record.yellow, record.blue) if n)
        page = _Page(title=f"Palago: {names}" if names else "Palago", info=info)
        page.players = [("Yellow", record.yellow or "—"), ("Blue", record.blue or "—")]
        first = "Yellow" if record.first.value == "yellow" else "Blue"
        page.info.append(("First", first))
        page.result = _palago_result(record, report)
        page.frames = _palago_frames(record, report, numbers)
    elif isinstance(record, rec.PalagoniaGame):
        report = replay(record)
        page = _Page(title="Palagonia: " + ", ".join(record.players), info=info)
        page.players = [(f"Seat {n}", name) for n, name in enumerate(record.players, start=1)]
        if report.scores is not None:
            table = ", ".join(f"{name} {points}" for name, points in report.scores.items())
            page.result = table + ("" if report.game_over else " (unfinished)")
        page.frames = _palagonia_frames(record, report, numbers)
    else:
        diagram = diagram_of(record)
        page = _Page(title=f"{kind}: {diagram.caption}" if diagram.caption else kind, info=info)
        comments = list(record.comments)
        if isinstance(record, (rec.PositionRecord, rec.CreatureCard)):
            comments.extend(c for p in record.placements for c in p.comments)
        page.frames = [
            Frame(
                label=kind,
                heading=diagram.caption or kind,
                diagram=diagram,
                comments=_comment_texts(comments),
            )
        ]
        return page
    if report.error is not None:
        page.error = f"The record is invalid at {report.error.describe()} [{report.error.rule}]"
    return page


# --- Boards ----------------------------------------------------------------------------------

_SVG_HEAD: Final = re.compile(r"\A(?:<\?xml[^>]*\?>\s*)?<svg\b[^>]*>")
_VIEWBOX: Final = re.compile(r'viewBox="([^"]*)"')
_ARIA: Final = re.compile(r'aria-label="([^"]*)"')


def _shown_cells(diagrams: Iterable[Diagram]) -> frozenset[Cell]:
    """Every cell any frame uses, and one ring around them: one view for every frame, so that
    the board keeps its place and size from turn to turn."""
    used: set[Cell] = set()
    for diagram in diagrams:
        used |= diagram.cells()
        if diagram.emphasis is not None:
            used |= diagram.emphasis.cells
    if not used:
        used = {(0, 0)}
    ring = {n for cell in used for n in neighbours(cell)}
    return frozenset(used | ring)


def _inline_svg(diagram: Diagram, options: Options) -> tuple[str, str]:
    """The board as an ``<svg>`` element for an HTML page (no XML declaration, no namespaces,
    no fixed size), and a note when the record's outline could not be drawn."""
    note = ""
    caption = diagram.caption
    plain = dataclasses.replace(diagram, caption="", number=None)
    try:
        drawing = compile_diagram(plain, options)
    except DiagramError as error:
        if plain.emphasis is None:
            raise
        note = f"Not emphasised: {error}"
        drawing = compile_diagram(dataclasses.replace(plain, emphasis=None), options)
    svg = to_svg(dataclasses.replace(drawing, title=caption))
    head = _SVG_HEAD.match(svg)
    if head is None:  # the renderer always starts with the declaration and <svg …>
        raise DiagramError("the diagram renderer gave no <svg> element")
    viewbox = _VIEWBOX.search(head.group(0))
    aria = _ARIA.search(head.group(0))
    attrs = ['role="img"', 'focusable="false"']
    if viewbox:
        attrs.append(f'viewBox="{viewbox.group(1)}"')
    if aria:
        attrs.append(f'aria-label="{aria.group(1)}"')
    body = svg[head.end() :].strip().replace("<defs />", "")
    return f"<svg {' '.join(attrs)}>{body}", note


# --- HTML ------------------------------------------------------------------------------------


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _move_item(index: int, frame: Frame) -> str:
    swatch = f'<span class="swatch {frame.colour}" aria-hidden="true"></span>' if frame.colour else ""
    who = f'<span class="who">{_e(frame.player)}</span>' if frame.player and not frame.colour else ""
    label = f"{frame.label}." if index else frame.label
    badge = '<span class="badge" title="completes a creature">creature</span>' if frame.completed else ""
    meanings = ", ".join(GLYPH_MEANINGS[g] for g in frame.glyphs)
    move = _e(frame.move)
    title = f' title="{_e(meanings)}"' if meanings else ""
    parts = [
        f'<li><button type="button" class="move" data-index="{index}" id="move-{index}">',
        f'<span class="num">{_e(label)}</span>{swatch}{who}<span class="mv"{title}>{move}</span>{badge}',
        "</button>",
    ]
    for comment in frame.comments:
        parts.append(f'<p class="comment">{_e(comment)}</p>')
    parts.append("</li>")
    return "".join(parts)


def _info_panel(index: int, frame: Frame, total: int, page: _Page) -> str:
    out = [f'<section class="info" data-index="{index}"{" hidden" if index else ""}>']
    out.append(f"<h2>{_e(frame.heading)}</h2>")
    if frame.move:
        meanings = ", ".join(GLYPH_MEANINGS[g] for g in frame.glyphs)
        extra = f' <span class="meaning">({_e(meanings)})</span>' if meanings else ""
        out.append(f'<p class="played"><span class="mv">{_e(frame.move)}</span>{extra}</p>')
    for comment in frame.comments:
        out.append(f'<p class="comment">{_e(comment)}</p>')
    for creature in frame.completed:
        out.append(f'<p class="completed">Completes a creature: {_e(creature)}</p>')
    if frame.points:
        gained = ", ".join(f"{name} +{value}" for name, value in frame.points)
        out.append(f'<p class="points">Points: {_e(gained)}</p>')
    for note in frame.notes:
        out.append(f'<p class="note">{_e(note)}</p>')
    if frame.scores is not None:
        rows = "".join(f"<tr><th scope=\"row\">{_e(name)}</th><td>{value}</td></tr>" for name, value in frame.scores)
        out.append(f'<table class="scores"><caption>Scores after this turn</caption>{rows}</table>')
    if index == total - 1 and page.result:
        out.append(f'<p class="result">Result: {_e(page.result)}</p>')
    out.append("</section>")
    return "".join(out)


def _html(page: _Page, boards: list[tuple[str, str]], theme: str, background: str) -> str:
    total = len(page.frames)
    figures = []
    for index, (frame, (svg, note)) in enumerate(zip(page.frames, boards)):
        hidden = " hidden" if index else ""
        tiles = len(frame.diagram.position)
        emphasis = ' data-completed="yes"' if frame.completed else ""
        figures.append(
            f'<figure class="board" data-index="{index}" data-label="{_e(frame.label)}" '
            f'data-tiles="{tiles}"{emphasis}{hidden}>{svg}'
            f'<figcaption>{_e(frame.diagram.caption)}</figcaption>'
            + (f'<p class="note">{_e(note)}</p>' if note else "")
            + "</figure>"
        )
    players = "".join(
        f'<li><span class="role">{_e(role)}</span> {_e(name)}</li>' for role, name in page.players
    )
    info = "".join(f'<li><span class="role">{_e(k)}</span> {_e(v)}</li>' for k, v in page.info)
    result = f'<p class="result">Result: {_e(page.result)}</p>' if page.result else ""
    error = f'<p class="error" role="alert">{_e(page.error)}</p>' if page.error else ""
    moves = "".join(_move_item(i, f) for i, f in enumerate(page.frames))
    infos = "".join(_info_panel(i, f, total, page) for i, f in enumerate(page.frames))
    theme_attr = f' data-theme="{theme}"' if theme != "auto" else ""
    return f"""<!DOCTYPE html>
<html lang="en"{theme_attr}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src '{_SCRIPT_HASH}'">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="palago-tools">
<title>{_e(page.title)}</title>
<style>{_CSS}</style>
</head>
<body>
<header>
<h1>{_e(page.title)}</h1>
<button type="button" id="theme" class="theme" aria-label="Switch between light and dark">Theme</button>
<ul class="players">{players}</ul>
<ul class="tags">{info}</ul>
{result}{error}
</header>
<main class="viewer" data-frames="{total}">
<div class="stage">
<div class="boards" style="--board:{_e(background)}">{''.join(figures)}</div>
<nav class="controls" aria-label="Step through the game">
<button type="button" id="first" aria-label="First" title="First (Home)">{_ICONS["first"]}</button>
<button type="button" id="prev" aria-label="Previous" title="Previous (left arrow)">{_ICONS["prev"]}</button>
<span id="where" aria-live="polite">1 / {total}</span>
<button type="button" id="next" aria-label="Next" title="Next (right arrow)">{_ICONS["next"]}</button>
<button type="button" id="last" aria-label="Last" title="Last (End)">{_ICONS["last"]}</button>
</nav>
<div class="infos">{infos}</div>
</div>
<aside class="moves">
<h2>Moves</h2>
<ol id="moves">{moves}</ol>
</aside>
</main>
<script>{_SCRIPT}</script>
</body>
</html>
"""


def viewer_html(
    record: rec.Record,
    theme: str = "auto",
    options: Options | None = None,
    numbers: bool = True,
) -> str:
    """The replay viewer of ``record`` as one self-contained HTML page.

    ``theme`` is ``auto`` (follow the reader's system), ``light`` or ``dark``; the page's toggle
    switches it either way. ``options`` set the boards' palette, tile size, rotation…; their
    view is replaced by one that fits every frame. ``numbers`` numbers a game's tiles by turn.
    """
    if theme not in THEMES:
        raise DiagramError(f"unknown theme {theme!r}: the themes are {', '.join(THEMES)}")
    page = _page(record, numbers)
    base = options or Options()
    shown = _shown_cells(f.diagram for f in page.frames)
    board_options = dataclasses.replace(base, view=View(shown))
    boards = [_inline_svg(frame.diagram, board_options) for frame in page.frames]
    return _html(page, boards, theme, board_options.palette.background)


def _icon(points: str, bar: str = "") -> str:
    shapes = f'<polygon points="{points}"/>' + (f'<rect x="{bar}" y="3" width="2.2" height="14"/>' if bar else "")
    return f'<svg class="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">{shapes}</svg>'


_ICONS: Final = {
    "first": _icon("16,3 16,17 6,10", bar="3"),
    "prev": _icon("14,3 14,17 4,10"),
    "next": _icon("6,3 6,17 16,10"),
    "last": _icon("4,3 4,17 14,10", bar="14.8"),
}
"""The step buttons' icons, drawn inline: the page uses no icon font."""


# --- Page style and script -------------------------------------------------------------------

_LIGHT: Final = (
    "--bg:#f4f2ec;--fg:#1d1d1f;--muted:#5d5d62;--panel:#ffffff;--line:#d8d4ca;"
    "--accent:#1f5fae;--sel:#fbe49a;--sel-fg:#1d1d1f;--good:#1f7a3a;--bad:#b3261e;"
)
_DARK: Final = (
    "--bg:#15171c;--fg:#e9e7e2;--muted:#a3a3aa;--panel:#1f2229;--line:#3a3e48;"
    "--accent:#7fb0ff;--sel:#5a4a12;--sel-fg:#fff6d6;--good:#7fd49b;--bad:#ff8a80;"
)

_CSS: Final = (
    ":root{color-scheme:light;" + _LIGHT + "}"
    "@media (prefers-color-scheme:dark){:root:not([data-theme=light]){color-scheme:dark;" + _DARK + "}}"
    ":root[data-theme=dark]{color-scheme:dark;" + _DARK + "}"
    """
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);
 font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
header{position:relative;padding:.8rem 1rem .4rem;border-bottom:1px solid var(--line)}
h1{font-size:1.3rem;margin:0 5.5rem .3rem 0;overflow-wrap:anywhere}
h2{font-size:1.05rem;margin:0 0 .4rem}
ul.players,ul.tags{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.2rem 1rem}
ul.tags{color:var(--muted);font-size:.9rem}
.role{color:var(--muted);font-size:.85rem}
.result{font-weight:600;margin:.4rem 0}
.error{color:var(--bad);font-weight:600;margin:.4rem 0}
button{font:inherit;color:inherit;background:var(--panel);border:1px solid var(--line);
 border-radius:.5rem;cursor:pointer}
button:hover{border-color:var(--accent)}
button:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
button:disabled{opacity:.4;cursor:default}
.theme{position:absolute;top:.7rem;right:1rem;padding:.25rem .7rem;font-size:.85rem}
.viewer{display:grid;grid-template-columns:minmax(0,1fr) minmax(16rem,22rem);gap:1rem;
 padding:1rem;max-width:80rem;margin:0 auto}
.stage{min-width:0}
.board{margin:0;background:var(--board);border:1px solid var(--line);border-radius:.6rem;
 padding:.4rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.board>svg{display:block;width:100%;height:auto;max-height:58vh}
.board figcaption{color:#3a3a3a;font-size:.9rem;text-align:center;padding:.2rem 0}
.board .note{color:#8a1c14;font-size:.85rem;margin:.2rem;text-align:center}
.controls{display:flex;align-items:center;justify-content:center;gap:.5rem;margin:.7rem 0}
.controls button{min-width:3rem;min-height:2.6rem;display:inline-flex;align-items:center;justify-content:center}
.icon{width:1.1rem;height:1.1rem;fill:currentColor}
#where{min-width:5.5rem;text-align:center;color:var(--muted);font-variant-numeric:tabular-nums}
.infos .info{background:var(--panel);border:1px solid var(--line);border-radius:.6rem;padding:.7rem .9rem}
.info p{margin:.3rem 0}
.played .mv{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-weight:600}
.meaning{color:var(--muted)}
.completed{background:var(--sel);color:var(--sel-fg);border-radius:.4rem;padding:.3rem .5rem}
.points{color:var(--good);font-weight:600}
.note{color:var(--muted);font-style:italic}
.comment{white-space:pre-wrap;overflow-wrap:anywhere}
table.scores{border-collapse:collapse;margin-top:.4rem;min-width:12rem}
table.scores caption{text-align:left;color:var(--muted);font-size:.85rem}
table.scores th,table.scores td{border-top:1px solid var(--line);padding:.15rem .5rem;text-align:left}
table.scores td{text-align:right;font-variant-numeric:tabular-nums}
.moves{background:var(--panel);border:1px solid var(--line);border-radius:.6rem;padding:.7rem;
 align-self:start;position:sticky;top:.5rem}
#moves{list-style:none;margin:0;padding:0;max-height:min(62vh,calc(100vh - 6rem));overflow-y:auto;position:relative}
#moves li{margin:0 0 .15rem}
.move{display:flex;align-items:center;gap:.4rem;width:100%;text-align:left;border-color:transparent;
 background:transparent;padding:.25rem .4rem}
.move[aria-current=step]{background:var(--sel);color:var(--sel-fg);border-color:var(--sel)}
.num{min-width:2.6rem;color:var(--muted);font-variant-numeric:tabular-nums}
.move[aria-current=step] .num{color:inherit}
.mv{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.92rem;overflow-wrap:anywhere}
.who{color:var(--muted);font-size:.85rem}
.swatch{width:.8rem;height:.8rem;border-radius:50%;flex:none;border:1px solid rgba(0,0,0,.35)}
.swatch.yellow{background:#f5c518}.swatch.blue{background:#1f5fae}
.badge{margin-left:auto;font-size:.72rem;padding:0 .35rem;border-radius:.6rem;
 background:var(--accent);color:var(--panel)}
#moves .comment{margin:.05rem 0 .35rem 3.4rem;font-size:.85rem;color:var(--muted)}
@media (max-width:760px){
 .viewer{grid-template-columns:1fr;padding:.6rem;gap:.6rem}
 .moves{position:static}
 #moves{max-height:40vh}
 .board>svg{max-height:55vh}
 h1{font-size:1.1rem}
 .controls button{min-width:3.4rem;min-height:2.8rem}
}
"""
)

_SCRIPT: Final = """
(function () {
  "use strict";
  var boards = document.querySelectorAll(".board");
  var infos = document.querySelectorAll(".info");
  var moves = document.querySelectorAll("#moves .move");
  var list = document.getElementById("moves");
  var where = document.getElementById("where");
  var total = boards.length;
  var current = 0;
  function show(index) {
    index = Math.max(0, Math.min(total - 1, index));
    boards[current].hidden = true;
    infos[current].hidden = true;
    moves[current].removeAttribute("aria-current");
    current = index;
    boards[index].hidden = false;
    infos[index].hidden = false;
    var item = moves[index];
    item.setAttribute("aria-current", "step");
    var top = item.offsetTop, bottom = top + item.offsetHeight;
    if (top < list.scrollTop) { list.scrollTop = top; }
    else if (bottom > list.scrollTop + list.clientHeight) { list.scrollTop = bottom - list.clientHeight; }
    where.textContent = (index + 1) + " / " + total;
    document.getElementById("first").disabled = index === 0;
    document.getElementById("prev").disabled = index === 0;
    document.getElementById("next").disabled = index === total - 1;
    document.getElementById("last").disabled = index === total - 1;
    document.body.setAttribute("data-index", String(index));
  }
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(total - 1); });
  Array.prototype.forEach.call(moves, function (button) {
    button.addEventListener("click", function () { show(Number(button.getAttribute("data-index"))); });
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var steps = {ArrowLeft: -1, ArrowRight: 1};
    if (event.key in steps) { show(current + steps[event.key]); }
    else if (event.key === "Home") { show(0); }
    else if (event.key === "End") { show(total - 1); }
    else { return; }
    event.preventDefault();
  });
  var root = document.documentElement;
  var toggle = document.getElementById("theme");
  function dark() {
    var chosen = root.getAttribute("data-theme");
    if (chosen) { return chosen === "dark"; }
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  }
  function label() { toggle.textContent = dark() ? "Light" : "Dark"; }
  try {
    var saved = window.localStorage.getItem("palago-viewer-theme");
    if (saved === "light" || saved === "dark") { root.setAttribute("data-theme", saved); }
  } catch (e) { /* storage may be off for files */ }
  toggle.addEventListener("click", function () {
    var next = dark() ? "light" : "dark";
    root.setAttribute("data-theme", next);
    try { window.localStorage.setItem("palago-viewer-theme", next); } catch (e) { /* ignore */ }
    label();
  });
  label();
  show(0);
})();
"""

_SCRIPT_HASH: Final = "sha256-" + base64.b64encode(hashlib.sha256(_SCRIPT.encode("utf-8")).digest()).decode("ascii")
"""The Content-Security-Policy hash of the page's script: the browser runs that script and no
other, and loads nothing from anywhere."""
