"""``palago study openings``: the resumable opening study (the study itself is
:mod:`palago_tools.engine.study`, its report :mod:`palago_tools.engine.study_report`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..engine.study import read_results, run_study
from ..engine.study_report import study_json, study_text, summarise
from ..replays.reports import dumps
from ._app import app, fail, note, output_path, usage_errors, write_output


def _levels(text: str) -> list[int]:
    try:
        levels = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        fail(f"--levels is a comma-separated list of levels, e.g. 4,5, not {text!r}")
    if not levels or len(set(levels)) != len(levels):
        fail(f"--levels names each level once, e.g. 4,5, not {text!r}")
    return levels


@app.command("study")
def study_command(
    subject: str = typer.Argument(..., help="What to study: openings."),
    results: Path = typer.Option(
        Path("opening-study.jsonl"),
        "--results",
        help="The results file: one JSON line per finished game, appended; a rerun continues it.",
    ),
    levels: str = typer.Option("5", "--levels", help="The engine levels (budgets), e.g. 4,5."),
    games: int = typer.Option(
        10, "--games", help="Games per opening and level (0: report what the file holds)."
    ),
    jobs: int = typer.Option(1, "--jobs", help="Games played at once, in local processes."),
    seed: int = typer.Option(0, "--seed", help="The study's seed (each game's varies from it)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as one JSON object."),
    by_line: bool = typer.Option(
        False, "--by-line", help="Also list each reply line's games and scores."
    ),
    summary: Path | None = typer.Option(
        None, "--summary", help="Also write the report's JSON to this file."
    ),
) -> None:
    """Play engine self-play games from each opening no proof has lost (of A-F, as in the
    rulebook figure), each followed by one of Blue's replies no proof has lost, at each level;
    report Yellow's score per opening with 95 % Wilson intervals over the reply lines and
    Holm-corrected comparisons (see docs/openings.md). Ctrl-C stops; the next run plays only
    the games the results file lacks."""
    if subject != "openings":
        fail(f"palago study knows one subject, openings, not {subject!r}")
    chosen = _levels(levels)
    if games < 0 or jobs < 1:
        fail("--games is at least 0 and --jobs at least 1")
    summary_path = output_path(summary, [results], option="--summary", text=False)

    def played(entry: dict[str, Any], done: int, total: int) -> None:
        note(
            f"level {entry['level']} {entry['start']} {entry['reply']} game {entry['game'] + 1}: "
            f"{entry['winner'] or 'draw'} after {entry['turns']} turns ({done}/{total})"
        )

    if games:
        with usage_errors():
            count = run_study(results, chosen, games, jobs, seed, played)
        note(
            f"played {count} games; {results} holds the rest already"
            if not count
            else f"played {count} games into {results}"
        )
    study = summarise(read_results(results), chosen)
    data = study_json(study)
    if summary_path is not None:
        write_output(summary_path, dumps(data) + "\n")
    typer.echo(dumps(data) if as_json else study_text(study, by_line), nl=as_json)
