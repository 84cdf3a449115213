"""The evaluation graph under the board: one point for each turn of the main line whose comment
holds an ``[%eval …]`` (an engine's evaluation, for Yellow), as lichess draws a game's.

The height is the evaluation's winning chances for Yellow, from −1 (Blue wins) to 1 (Yellow
wins): ``tanh(points / (2 · CHANCES_POINTS))``, the logistic ``palago annotate --engine`` judges
turns by (``palago_tools.engine.analysis``, read here only as the numbers in the comments: the
viewer does not import the engine); a proven win (``#k``) is at the top or the bottom. Each
point is a button-like element with the frame it opens (``data-i``); the script moves the marker
of the current turn and opens a frame when a point is clicked. The graph is one tab stop, a
slider whose value is the turn shown (the page's arrow keys step the turns) and whose value text
is that turn's evaluation.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Final

from ..notation import records as rec
from ..notation.writer import eval_text
from ..screens import say
from .frames import Frame

CHANCES_POINTS: Final = 4.0
"""Points of evaluation (a hundred engine units each) that take the win probability from 1/2
to 1/(1 + e⁻¹): the engine's ``SCALE`` of 400 units."""
WIDTH: Final = 600
HEIGHT: Final = 120
_PAD: Final = 6
_GLYPH_CLASS: Final = {
    rec.Glyph.BLUNDER: " blunder",
    rec.Glyph.MISTAKE: " mistake",
    rec.Glyph.DUBIOUS: " dubious",
}


def chances(evaluation: rec.EvalCommand) -> float:
    """Yellow's winning chances (−1 to 1) of an evaluation."""
    if evaluation.win_in is not None:
        return 1.0 if evaluation.win_in > 0 else -1.0
    assert evaluation.points is not None
    return math.tanh(evaluation.points / (2 * CHANCES_POINTS))


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def eval_graph(frames: Sequence[Frame], lang: str = "EN") -> str:
    """The graph's SVG for the main line of ``frames``, its words in ``lang`` (``""`` when no
    turn has an evaluation)."""
    line = [f for f in frames if f.depth == 0]
    if not any(f.evaluation is not None for f in line):
        return ""
    steps = max(1, len(line) - 1)
    middle = HEIGHT / 2
    points: list[tuple[float, float, Frame]] = []
    for position, frame in enumerate(line):
        if frame.evaluation is not None:
            x = _PAD + (WIDTH - 2 * _PAD) * position / steps
            y = middle - chances(frame.evaluation) * (middle - _PAD)
            points.append((x, y, frame))
    path = " ".join(f"{_n(x)},{_n(y)}" for x, y, _f in points)
    first, last = points[0][0], points[-1][0]
    area = f"{_n(first)},{HEIGHT} {path} {_n(last)},{HEIGHT}"  # Yellow's share, from below
    dots = []
    half = (WIDTH - 2 * _PAD) / steps / 2  # a column around each point opens it too (phones)
    for x, _y, frame in points:
        dots.append(
            f'<rect class="ev-hit" data-i="{frame.index}" x="{_n(x - half)}" y="0" '
            f'width="{_n(2 * half)}" height="{HEIGHT}"/>'
        )
    for x, y, frame in points:
        assert frame.evaluation is not None
        glyph = next((g for g in frame.glyphs if g in _GLYPH_CLASS), None)
        best = say("graph_best", lang, turn=best_turn_text(frame)) if frame.best else ""
        title = say(
            "graph_point",
            lang,
            label=frame.label,
            who=frame.player,
            move=frame.move,
            value=eval_text(frame.evaluation),
            best=best,
        )
        dots.append(
            f'<circle class="ev-pt{_GLYPH_CLASS.get(glyph, "") if glyph else ""}" '
            f'data-i="{frame.index}" cx="{_n(x)}" cy="{_n(y)}" r="5">'
            f"<title>{html.escape(title)}</title></circle>"
        )
    highest = max(f.index for f in frames)
    label = html.escape(say("graph_label", lang), quote=True)
    return (
        f'<svg class="evgraph" viewBox="0 0 {WIDTH} {HEIGHT}" tabindex="0" role="slider" '
        f'aria-valuemin="0" aria-valuemax="{highest}" aria-valuenow="0" aria-label="{label}">'
        f'<rect class="ev-bg" x="0" y="0" width="{WIDTH}" height="{HEIGHT}"/>'
        f'<polygon class="ev-area" points="{area}"/>'
        f'<line class="ev-mid" x1="0" y1="{_n(middle)}" x2="{WIDTH}" y2="{_n(middle)}"/>'
        f'<polyline class="ev-line" points="{path}"/>'
        f'<line class="ev-now" x1="0" y1="0" x2="0" y2="{HEIGHT}" visibility="hidden"/>'
        f"{''.join(dots)}</svg>"
    )


def best_turn_text(frame: Frame) -> str:
    """``0,1R 1,1L (0.75)``: a frame's best turn with its own evaluation when the record gives
    it."""
    tiles = " ".join(t.token for t in frame.best)
    if frame.best_evaluation is None:
        return tiles
    return f"{tiles} ({eval_text(frame.best_evaluation)})"


def best_text(frame: Frame, lang: str = "EN") -> str:
    """``Evaluation 0.30 · engine's best: 0,1R 1,1L (0.75)`` for a frame's panel, in ``lang``
    (``""`` without an evaluation)."""
    if frame.evaluation is None:
        return ""
    text = say("evaluation", lang, value=eval_text(frame.evaluation))
    if frame.best:
        text += say("engine_best", lang, turn=best_turn_text(frame))
    return text
