"""``palago replay``: replay the games of a notation file and say who won, or where a record
goes wrong; files of any size are read and replayed one record at a time."""

from __future__ import annotations

from pathlib import Path

import typer

from ..core.analysis import plural
from ..languages import lang_named
from ..notation.errors import NotationError
from ..notation.records import Record
from ..replays.archive import replay_archive
from ..replays.game import RecordReport
from ..replays.reports import replay_json, unreadable_replay_json
from ..replays.words import note_words, who
from ..screens import say
from ..viewer.themes import THEMES, check_theme
from ._app import (
    app,
    fail,
    fail_empty,
    note,
    output_path,
    parse_record_number,
    refuse_without,
    usage_errors,
    write_output,
)
from ._stream import JsonArray, ProgressBar


def _moves(report: RecordReport, lang: str) -> list[str]:
    out = []
    for turn in report.turns:
        line = f"  {turn.label + '.':5} {who(turn.player, lang)}: {turn.move}"
        if turn.completed:
            what = "; ".join(c.summary(lang) for c in turn.completed)
            line += "  — " + say("r_completes", lang, what=what)
        if turn.points:
            gained = ", ".join(f"{name} +{value}" for name, value in turn.points)
            line += "  — " + say("r_points", lang, list=gained)
        if turn.note:
            line += f"  ({note_words(turn.note, lang)})"
        out.append(line)
    return out


@app.command("replay")
def replay_command(
    ctx: typer.Context,
    file: str = typer.Argument(
        ...,
        metavar="FILE",
        help="A notation file with one or more records; - reads standard input.",
    ),
    moves: bool = typer.Option(False, "--moves", help="Also print every turn."),
    as_json: bool = typer.Option(
        False, "--json", help="Print one JSON array, an entry per record (docs/json.md)."
    ),
    html: Path | None = typer.Option(
        None,
        "--html",
        help="Also write the replay viewer of one record to this HTML file (- : standard "
        "output, instead of the replay's lines).",
    ),
    record_choice: str = typer.Option(
        "1",
        "--record",
        help="With --html: which record (1 = the first), or all of them with a record picker.",
    ),
    theme: str = typer.Option("auto", "--theme", help=f"With --html: {', '.join(THEMES)}."),
    hide_result: bool = typer.Option(
        False, "--hide-result", help="With --html: show a game's result only at its last turn."
    ),
    embed: bool = typer.Option(
        False, "--embed", help="With --html: no page header, for a page inside a club site."
    ),
    lang: str = typer.Option(
        "EN",
        "--lang",
        help="The language of the lines (each record's summary, --moves) and of the --html "
        "page: EN, RU, FR or HU. --json stays English.",
    ),
) -> None:
    """Replay every game in FILE, one record at a time, with a summary on standard error at the
    end; exit 0 only when every record is valid."""
    shown: int | None = None
    with_html = ("record_choice", "theme", "hide_result", "embed")
    refuse_without(ctx, html is not None, "--html", *with_html)
    page = output_path(html, [file], option="--html")
    to_stdout = html is not None and page is None
    if to_stdout and (moves or as_json):
        fail("--html - writes the page on standard output; leave out --moves and --json")
    with usage_errors():
        lang = lang_named(lang)
    if html is not None:
        with usage_errors():
            check_theme(theme)
        shown = (
            None
            if record_choice.strip().lower() == "all"
            else parse_record_number(record_choice, "--record", "or all")
        )
    viewed: list[Record] = []  # with --html: the record to show, or every readable one
    with replay_archive(file) as archive, ProgressBar("replaying", archive.reader.size) as bar:
        name = archive.reader.filename
        listing = JsonArray(bar) if as_json else None
        for number, entry, report in archive:
            if html is not None and (shown is None or shown == number):
                if isinstance(entry, NotationError) and shown == number:
                    raise entry  # the record to show cannot be read: its located error
                if not isinstance(entry, NotationError):
                    viewed.append(entry)
            if isinstance(entry, NotationError):
                if listing is not None:
                    listing.add(unreadable_replay_json(number, entry))
                else:
                    if not to_stdout:
                        start = entry.record_line or entry.line
                        bar.echo(
                            say("r_unreadable", lang, n=number, line=start, error=entry.message)
                        )
                    bar.echo(entry.report(), err=True)
            elif report is not None:
                if not to_stdout:
                    _print_report(number, entry, report, moves, bar, listing, lang)
                if report.error is not None and listing is None:
                    source = archive.reader.source_line(report.error.line)
                    bar.echo(report.error.report(name, source), err=True)
            bar.update(archive.reader.consumed, number, archive.tally.turns)
        bar.clear()
        tally = archive.tally
        if listing is not None:
            listing.close()
    if tally.records == 0:
        fail_empty(name, b"")
    if html is not None:
        if shown is not None and shown > tally.records:
            fail(f"{name} has {plural(tally.records, 'record')}, not {shown}")
        if not viewed:
            fail(f"{name} has no readable record to show", 1)
        title = Path(name).name if shown is None else ""
        from ..viewer import viewer_page  # the viewer only for --html: palago replay starts light

        text = viewer_page(
            viewed, theme, hide_result=hide_result, embed=embed, title=title, lang=lang
        )
        write_output(page, text)
    note(f"palago: {tally.summary()}")
    if tally.invalid:
        raise typer.Exit(1)


def _print_report(
    number: int,
    record: Record,
    report: RecordReport,
    moves: bool,
    bar: ProgressBar,
    listing: JsonArray | None,
    lang: str,
) -> None:
    if listing is not None:
        listing.add(replay_json(number, record, report))
        return
    summary = report.summary(lang)
    bar.echo(say("r_record", lang, n=number, line=record.span.line, summary=summary))
    for said in report.notes:
        bar.echo("  " + say("r_note", lang, note=note_words(said, lang)))
    if moves:
        for line in _moves(report, lang):
            bar.echo(line)
