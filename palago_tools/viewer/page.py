"""The viewer's HTML: one self-contained page for one or several records.

Every text taken from a record (names, tags, comments) is HTML-escaped; the frames' data are
attributes and ``<template>`` elements of escaped text, never script, so a comment holding
``<script>`` shows as text. The page's only script is the one shipped in ``assets/viewer.js``, run
under a Content-Security-Policy that names its hash and allows nothing else to load.
"""

from __future__ import annotations

import base64
import hashlib
import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Final

from ..core.hexgrid import cell_text
from ..core.position import Position
from ..diagram import DiagramError, Options
from ..files import atomic_write
from ..glossary import counted, word
from ..languages import lang_named
from ..notation import records as rec
from ..replays.game import RecordReport
from ..replays.words import verdict
from ..screens import CATALOGUE, count, say, side
from ..views.from_records import card_caption, diagram_of
from .board import BoardLayout, board_of, board_svg, changes, layers, symbols
from .frames import (
    Frame,
    PlayLine,
    Tree,
    game_tree,
    glyph_words,
    still_tree,
    transformation_tree,
)
from .graph import best_text, eval_graph
from .themes import check_theme

_RESULT_TEXT: Final = {
    rec.PalagoResult.YELLOW_WINS: "1-0",
    rec.PalagoResult.BLUE_WINS: "0-1",
    rec.PalagoResult.DRAW: "1/2-1/2",
    rec.PalagoResult.UNFINISHED: "*",
}

_INFO_TAGS: Final = ("Event", "Site", "Date", "Round", "Annotator", "Source")


_SCRIPT_WORDS: Final = (
    ("variation", "variation_mark"),
    ("none", "no_evaluation"),
    ("play", "play"),
    ("pause", "pause"),
    ("light", "light_theme"),
    ("dark", "dark_theme"),
)
"""The words the page's script writes (``<html data-w-NAME>``) and their catalogue keys."""


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


SCRIPT: Final = _asset("viewer.js")
THEME_STYLE: Final = _asset("theme.css")
"""The light and dark colours (``--bg``, ``--fg``, ``--panel``, ``--accent``…): the page
follows ``prefers-color-scheme`` unless ``<html data-theme>`` says; the table's page shares
them."""
STYLE: Final = THEME_STYLE + _asset("viewer.css")
SCRIPT_HASH: Final = "sha256-" + base64.b64encode(
    hashlib.sha256(SCRIPT.encode("utf-8")).digest()
).decode("ascii")
"""The Content-Security-Policy hash of the page's script: the browser runs that script and no
other, and loads nothing from anywhere."""
CSP: Final = f"default-src 'none'; style-src 'unsafe-inline'; script-src '{SCRIPT_HASH}'"
"""The page's Content-Security-Policy."""


def page_style() -> str:
    """The viewer's stylesheet: light and dark colours (``--bg``, ``--fg``, ``--panel``,
    ``--accent``…, following ``prefers-color-scheme`` unless ``<html data-theme>`` says), type,
    buttons, panels and the print rules; for other pages of the project that want the same look."""
    return STYLE


def _e(text: str) -> str:
    return html.escape(text, quote=True)


@dataclass
class RecordPage:
    """One record as the page shows it."""

    title: str
    tree: Tree
    players: list[tuple[str, str]] = field(default_factory=list)
    """(role, name) pairs: ("Yellow", "Anna") or ("Seat 1", "Anna")."""
    info: list[tuple[str, str]] = field(default_factory=list)
    result: str = ""


def _palago_result(record: rec.PalagoGame, report: RecordReport, lang: str) -> str:
    """``0-1, Blue (Ivan) won``; ``*, unfinished``."""
    written = _RESULT_TEXT[record.result]
    end = verdict(report, lang)
    if end:
        return f"{written}, {end}"
    if record.result is rec.PalagoResult.UNFINISHED:
        return f"{written}, {say('unfinished', lang)}"
    return written


def record_page(record: rec.Record, lang: str = "EN") -> RecordPage:
    """The frames, title, players, tags and result of one record, in ``lang``."""
    kind = say("kind_" + rec.KIND_OF[type(record)], lang)
    info = [(say("tag_" + name, lang), value) for name, value in record.tags if name in _INFO_TAGS]
    if isinstance(record, rec.PalagoGame):
        tree = game_tree(record, lang)
        names = " – ".join(n for n in (record.yellow, record.blue) if n)
        page = RecordPage(
            say("titled", lang, kind=kind, what=names) if names else kind, tree, info=info
        )
        page.players = [
            (side("yellow", lang), record.yellow or "—"),
            (side("blue", lang), record.blue or "—"),
        ]
        page.info.append((say("first", lang), side(record.first.value, lang)))
        assert tree.report is not None
        page.result = _palago_result(record, tree.report, lang)
        return page
    if isinstance(record, rec.PalagoniaGame):
        tree = game_tree(record, lang)
        title = say("titled", lang, kind=kind, what=", ".join(record.players))
        page = RecordPage(title, tree, info=info)
        page.players = [
            (say("seat", lang, n=n), name) for n, name in enumerate(record.players, start=1)
        ]
        report = tree.report
        if report is not None and report.scores is not None:
            table = ", ".join(f"{name} {points}" for name, points in report.scores.items())
            end = verdict(report, lang)
            page.result = table + (f"; {end}" if end else "")
            page.result += "" if report.game_over else f" ({say('unfinished', lang)})"
        return page
    if isinstance(record, rec.Transformation):
        names = " → ".join(n for n in (record.source_name, record.target_name) if n)
        task = say("green_task", lang)
        return RecordPage(
            say("titled", lang, kind=task, what=names) if names else task,
            transformation_tree(record, lang),
            info=info,
        )
    diagram = diagram_of(record)
    caption = diagram.caption
    notes: list[str] = []
    if isinstance(record, rec.CreatureCard):
        shown = lang if record.name(lang) else "EN"  # the card's name in the page's language
        caption = card_caption(record, shown)
        if record.card is not None:
            info.append((say("card", lang), str(record.card)))
        for language, name in record.names:
            if language != shown:
                known = f"lang_{language}" in CATALOGUE
                info.append((say(f"lang_{language}", lang) if known else language, name))
        if record.difficulty is not None:
            info.append((say("difficulty", lang), str(record.difficulty)))
        if record.colour is not None:
            colour = say("creature_" + record.colour.value, lang).capitalize()
            info.append((word("colour", lang).capitalize(), colour))
        notes.append(counted("tile", len(record.placements), lang))
    heading = caption or kind
    tree = still_tree(record, heading, tuple(notes), lang)
    title = say("titled", lang, kind=kind, what=caption) if caption else kind
    return RecordPage(title, tree, info=info)


# --- HTML ------------------------------------------------------------------------------------


def _move_button(
    frame: Frame, board: BoardLayout, parent: Frame | None, lang: str
) -> tuple[str, str]:
    """The move's button in the list and its annotation template (or ``""``)."""
    drawn = layers(board, frame)
    before = parent.position if parent is not None else Position()
    ops = changes(before, frame.position, frame.number)
    attrs = [
        f'type="button" class="move" data-i="{frame.index}"',
        f'data-k="{_e(frame.key)}"',
        f'data-d="{ops}"' if ops else "",
        f'data-p="{frame.parent}"' if frame.parent is not None else "",
        f'data-depth="{frame.depth}"' if frame.depth else "",
        'data-hl="' + " ".join(map(cell_text, drawn.highlighted)) + '"'
        if drawn.highlighted
        else "",
        'data-em="' + " ".join(map(cell_text, sorted(drawn.emphasised))) + '"'
        if drawn.emphasised
        else "",
        f'aria-description="{_e(frame.said)}"',  # the name is what the button shows
        'tabindex="-1"',
    ]
    label = f"{frame.label}." if frame.label[:1].isdigit() else frame.label
    swatch = (
        f'<span class="swatch {frame.colour}" aria-hidden="true"></span>' if frame.colour else ""
    )
    who = (
        f'<span class="who">{_e(frame.player)}</span>' if frame.player and not frame.colour else ""
    )
    meanings = glyph_words(frame.glyphs, lang)
    title = f' title="{_e(meanings)}"' if meanings else ""
    badge = f'<span class="badge">{_e(word("creature", lang))}</span>' if frame.completed else ""
    totals = ""
    if frame.scores is not None and frame.parent is not None:
        nxt = f" · {_e(say('next', lang, who=frame.to_move))}" if frame.to_move else ""
        totals = (
            '<span class="totals">'
            + " · ".join(f"{_e(n)} {v}" for n, v in frame.scores)
            + f"{nxt}</span>"
        )
    body = (
        f'<span class="num">{_e(label)}</span>{swatch}{who}'
        f'<span class="mv"{title}>{_e(frame.move)}</span>{badge}{totals}'
    )
    button = f"<button {' '.join(a for a in attrs if a)}>{body}</button>"
    template = ""
    if drawn.under or drawn.over:
        template = (
            f'<template data-i="{frame.index}"><svg><g class="u">{drawn.under}</g>'
            f'<g class="o">{drawn.over}</g></svg></template>'
        )
    if drawn.note:
        frame.notes += (drawn.note,)
    return button, template


def _line_html(
    line: PlayLine,
    frames: list[Frame],
    board: BoardLayout,
    templates: list[str],
    depth: int,
    lang: str,
) -> str:
    out: list[str] = []
    for comment in line.comments:
        out.append(f'<p class="comment">{_e(comment)}</p>')
    for index in line.frames:
        frame = frames[index]
        parent = frames[frame.parent] if frame.parent is not None else None
        button, template = _move_button(frame, board, parent, lang)
        if template:
            templates.append(template)
        out.append(f'<div class="row">{button}</div>' if depth == 0 else button)
        own = [c for c in frame.comments if c not in line.comments and c not in line.after]
        for comment in own:
            out.append(f'<p class="comment">{_e(comment)}</p>')
        for inner in line.variations.get(index, []):
            out.append(
                f'<div class="var" role="group" aria-label="{_e(say("variation", lang))}">'
                f"{_line_html(inner, frames, board, templates, depth + 1, lang)}</div>"
            )
    for text, comments in line.unplayed:
        out.append(
            f'<span class="move unplayed" title="{_e(say("not_replayed", lang))}">'
            f'<span class="mv">{_e(text)}</span></span>'
        )
        out.extend(f'<p class="comment">{_e(comment)}</p>' for comment in comments)
    if line.error:
        out.append(f'<p class="line-error">{_e(line.error)}</p>')
    for comment in line.after:
        out.append(f'<p class="comment">{_e(comment)}</p>')
    return "".join(out)


def _info(frame: Frame, page: RecordPage, lang: str) -> str:
    out = [f'<section class="info" data-i="{frame.index}"{" hidden" if frame.index else ""}>']
    out.append(f"<h3>{_e(frame.heading)}</h3>")
    if frame.move:
        meanings = glyph_words(frame.glyphs, lang)
        extra = f' <span class="meaning">({_e(meanings)})</span>' if meanings else ""
        out.append(f'<p class="played"><span class="mv">{_e(frame.move)}</span>{extra}</p>')
    if frame.depth:
        deeper = say("of_variation", lang) * (frame.depth - 1)
        out.append(f'<p class="where">{_e(say("in_variation", lang) + deeper)}</p>')
    for comment in frame.comments:
        out.append(f'<p class="comment">{_e(comment)}</p>')
    if frame.evaluation is not None:
        out.append(f'<p class="best">{_e(best_text(frame, lang))}</p>')
    for creature in frame.completed:
        out.append(f'<p class="completed">{_e(say("completes", lang, what=creature))}</p>')
    if frame.points:
        gained = ", ".join(f"{name} +{value}" for name, value in frame.points)
        out.append(f'<p class="points">{_e(say("points", lang, list=gained))}</p>')
    if frame.counts:
        out.append(
            f'<p class="counts">{_e(frame.counts)} <span class="meaning">'
            f"{_e(say('counts_meaning', lang))}</span></p>"
        )
    for note in frame.notes:
        out.append(f'<p class="note">{_e(note)}</p>')
    if frame.scores is not None:
        caption = say("scores" if frame.parent is not None else "scores_before", lang)
        rows = "".join(
            f'<tr><th scope="row">{_e(n)}</th><td>{v}</td></tr>' for n, v in frame.scores
        )
        out.append(f'<table class="scores"><caption>{_e(caption)}</caption>{rows}</table>')
    if frame.to_move:
        out.append(f'<p class="to-move">{_e(say("to_move", lang, who=frame.to_move))}</p>')
    if frame.last and frame.depth == 0 and page.result and len(page.tree.frames) > 1:
        out.append(f'<p class="result">{_e(say("result", lang, r=page.result))}</p>')
    out.append("</section>")
    return "".join(out)


def _icon(points: str, bar: str = "") -> str:
    shapes = f'<polygon points="{points}"/>' + (
        f'<rect x="{bar}" y="3" width="2.2" height="14"/>' if bar else ""
    )
    return (
        f'<svg class="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">{shapes}</svg>'
    )


_ICONS: Final = {
    "first": _icon("16,3 16,17 6,10", bar="3"),
    "prev": _icon("14,3 14,17 4,10"),
    "next": _icon("6,3 6,17 16,10"),
    "last": _icon("4,3 4,17 14,10", bar="14.8"),
}
"""The step buttons' icons, drawn inline: the page uses no icon font."""


def _controls(frames: int, variations: bool, lang: str) -> str:
    if frames <= 1:
        return ""
    main = (
        f'<button type="button" data-act="main" title="{_e(say("main_line_title", lang))}">'
        f"{_e(say('main_line', lang))}</button>"
        if variations
        else ""
    )
    step = "".join(
        f'<button type="button" data-act="{act}" aria-label="{_e(say("step_" + act, lang))}" '
        f'title="{_e(say("step_" + act, lang))} ({_e(say("key_" + act, lang))})">'
        f"{_ICONS[act]}</button>"
        for act in ("first", "prev", "next", "last")
    )
    speeds = "".join(
        f'<option value="{ms}"{" selected" if name == "normal" else ""}>'
        f"{_e(say(name, lang))}</option>"
        for ms, name in ((2500, "slow"), (1200, "normal"), (500, "fast"))
    )
    return (
        f'<nav class="controls" aria-label="{_e(say("step_nav", lang))}">'
        f'{step}<span class="where" aria-hidden="true"></span>'
        f'{main}<button type="button" data-act="play" aria-pressed="false" '
        f'title="{_e(say("play_title", lang))}">{_e(say("play", lang))}</button>'
        f'<label class="speed">{_e(say("speed", lang))} <select data-act="speed">{speeds}'
        "</select></label></nav>"
    )


_TOOL_BUTTONS: Final = (
    ("zoom-out", "zoom_out", "", "−"),
    ("zoom-in", "zoom_in", "", "+"),
    ("rotate", "rotate", "", "⟳"),
    ("flip", "flip", ' aria-pressed="false"', "⇋"),
    ("coords", "coords", ' aria-pressed="false"', "q,r"),
)
"""The board view's buttons: action, catalogue key (its title: the key ``_title``), state and
face."""


def _tools(lang: str) -> str:
    buttons = "".join(
        f'<button type="button" data-act="{act}" aria-label="{_e(say(key, lang))}"{state} '
        f'title="{_e(say(key + "_title", lang))}">{face}</button>'
        for act, key, state, face in _TOOL_BUTTONS
    )
    label = _e(say("board_view", lang))
    return f'<div class="tools" role="group" aria-label="{label}">{buttons}</div>'


_KEY_HELP: Final = (
    ("← →", "keys_step"),
    ("↑ ↓", "keys_variations"),
    ("Esc", "keys_main"),
    ("Home End", "keys_ends"),
    ("p", "keys_play"),
    ("+ −", "keys_zoom"),
    ("r f c", "keys_view"),
)


def _keys(lang: str) -> str:
    rows = "".join(f"<dt>{keys}</dt><dd>{_e(say(key, lang))}</dd>" for keys, key in _KEY_HELP)
    return (
        f'<details class="keys"><summary>{_e(say("keys", lang))}</summary><dl>{rows}</dl></details>'
    )


def _record_html(
    number: int,
    page: RecordPage,
    options: Options,
    hide_result: bool,
    embed: bool,
    titled: bool,
    lang: str,
) -> str:
    tree = page.tree
    board = board_of(tree.frames, options)
    coordinates = options.coordinates
    svg = board_svg(board, _e(page.title), coordinates)
    templates: list[str] = []
    moves = _line_html(tree.main, tree.frames, board, templates, 0, lang)
    infos = "".join(_info(f, page, lang) for f in tree.frames)
    players = "".join(
        f'<li><span class="role">{_e(r)}</span> {_e(n)}</li>' for r, n in page.players
    )
    info = "".join(f'<li><span class="role">{_e(k)}</span> {_e(v)}</li>' for k, v in page.info)
    result = ""
    if page.result and not hide_result:
        result = f'<p class="result">{_e(say("result", lang, r=page.result))}</p>'
    error = f'<p class="error" role="alert">{_e(tree.error)}</p>' if tree.error else ""
    single = len(tree.frames) <= 1
    title = f'<h2 class="title">{_e(page.title)}</h2>' if titled else ""
    header = (
        f'<header class="about">{title}<ul class="players">{players}</ul><ul '
        f'class="tags">{info}</ul>{result}</header>'
    )
    if embed and not titled:
        header = ""
    rotation = options.rotation % 360
    view = f' data-rot="{rotation}" data-flip="{1 if options.mirror else 0}"'
    moves_panel = (
        f'<nav class="moves" aria-label="{_e(say("moves", lang))}"{" hidden" if single else ""}>'
        f'<h3 class="moves-title">{_e(say("moves", lang))}</h3>'
        f'<div class="movelist" role="group" aria-label="{_e(say("moves_label", lang))}">'
        f"{moves}</div>{_keys(lang)}</nav>"
    )
    hidden = "" if number == 1 else " hidden"
    controls = _controls(len(tree.frames), any(f.depth for f in tree.frames), lang)
    graph = eval_graph(tree.frames, lang)
    graph = f'<div class="graphwrap">{graph}</div>' if graph else ""
    return (
        f'<section class="record{" still" if single else ""}" data-record="{number}" '
        f'aria-label="{_e(page.title)}"{view}{hidden}>'
        f"{header}{error}"
        '<div class="viewer"><div class="stage">'
        f'<div class="boardwrap">{svg}</div><div class="bar">{controls}{_tools(lang)}</div>'
        f"{graph}</div>"
        f'<div class="side"><div class="infos">{infos}</div>'
        '<p class="said" aria-live="polite" aria-atomic="true"></p>'
        f"{moves_panel}</div></div>"
        f'<div class="layers" hidden>{"".join(templates)}</div>'
        "</section>"
    )


def viewer_page(
    records: Sequence[rec.Record],
    theme: str = "auto",
    options: Options | None = None,
    numbers: bool = True,
    *,
    hide_result: bool = False,
    embed: bool = False,
    title: str = "",
    lang: str = "EN",
) -> str:
    """The replay viewer of ``records`` as one self-contained HTML page (a record picker when
    there are several), its words in ``lang`` (:mod:`palago_tools.screens`).

    ``theme`` is ``auto`` (follow the reader's system), ``light`` or ``dark``; ``options`` set the
    boards' palette, tile size, rotation, mirror and coordinates (the page can change the last
    three); ``numbers`` numbers a game's tiles by turn; ``hide_result`` keeps a game's result
    out of the header until its last frame; ``embed`` leaves out the page's own header for a
    page inside another site.
    """
    check_theme(theme)
    lang = lang_named(lang)
    if not records:
        raise DiagramError("the viewer needs at least one record")
    base = options or Options()
    pages = [record_page(r, lang) for r in records]
    if not numbers:
        for page in pages:
            for frame in page.tree.frames:
                frame.number = None
    sections = "".join(
        _record_html(n, page, base, hide_result, embed, len(pages) > 1, lang)
        for n, page in enumerate(pages, start=1)
    )
    heading = title or (pages[0].title if len(pages) == 1 else count("records", len(pages), lang))
    picker = ""
    if len(pages) > 1:
        choices = "".join(
            f'<option value="{n}">{n}. {_e(p.title)}</option>' for n, p in enumerate(pages, start=1)
        )
        picker = (
            f'<label class="picker">{_e(say("record", lang))} <select id="record-picker">'
            f"{choices}</select></label>"
        )
    theme_attr = f' data-theme="{theme}"' if theme != "auto" else ""
    embed_attr = ' class="embed"' if embed else ""
    top = (
        f'<header class="page"><h1>{_e(heading)}</h1>{picker}'
        f'<button type="button" id="theme" class="theme">{_e(say("dark_theme", lang))}</button>'
        "</header>"
    )
    if embed:
        top = f'<header class="page">{picker}</header>' if picker else ""
    p = base.palette
    board_colours = (
        f"--board:{p.background};--nf:{p.number_fill};--nt:{p.number_text};--lf:{p.last_fill};"
        f"--lt:{p.last_text};--co:{p.coordinates};--halo:{p.halo}"
    )
    words = "".join(f' data-w-{name}="{_e(say(key, lang))}"' for name, key in _SCRIPT_WORDS)
    return f"""<!DOCTYPE html>
<html lang="{lang.lower()}"{theme_attr}{embed_attr}{words}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="palago-tools">
<title>{_e(heading)}</title>
<style>{STYLE}</style>
</head>
<body style="{board_colours}">
{symbols(base)}
{top}
<main>{sections}</main>
<script>{SCRIPT}</script>
</body>
</html>
"""


def viewer_html(
    record: rec.Record,
    theme: str = "auto",
    options: Options | None = None,
    numbers: bool = True,
    *,
    hide_result: bool = False,
    embed: bool = False,
    lang: str = "EN",
) -> str:
    """The replay viewer of one record as a self-contained HTML page (see :func:`viewer_page`)."""
    return viewer_page(
        [record], theme, options, numbers, hide_result=hide_result, embed=embed, lang=lang
    )


def write_viewer(
    records: Sequence[rec.Record],
    output: Path,
    theme: str = "auto",
    options: Options | None = None,
    numbers: bool = True,
    *,
    hide_result: bool = False,
    embed: bool = False,
    title: str = "",
    lang: str = "EN",
) -> None:
    """Write :func:`viewer_page` of ``records`` to ``output``, atomically."""
    page = viewer_page(
        records,
        theme,
        options,
        numbers,
        hide_result=hide_result,
        embed=embed,
        title=title,
        lang=lang,
    )
    atomic_write(output, page.encode("utf-8"))
