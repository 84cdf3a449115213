"""ΔE76 of every palette colour through a CMYK profile, and how long the press files take.

Run from the repository root: ``python3 benchmarks/cmyk.py [--profile FILE.icc]`` (Ghostscript's
SWOP profile by default, from libgs-common). For each colour of the built-in palettes it prints
the CMYK the print-shop files use, its ΔE76 against the sRGB design measured through the
profile, the least ΔE76 any CMYK within the ink limit reaches, and whether the press's gamut
holds the colour (target: ΔE76 at most 6 for every colour inside the gamut; the ones outside
are named). Then the time to make the CMYK print-shop file as PDF/X-4 and as PDF/X-1a, with
the load of the machine.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from palago_tools.diagram.palette import CLASSIC, FRENCH, GREYSCALE, WHITE_ORANGE, mix
from palago_tools.printing import SheetOptions, print_shop_pdf
from palago_tools.printing.sheet import GREEN, RED
from palago_tools.render.cmyk import colour_report, default_profile, load_profile, separation_for
from palago_tools.replays.catalog import catalog_records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--profile", type=Path, default=None)
    args = parser.parse_args()
    profile = default_profile() if args.profile is None else load_profile(args.profile)
    separation = separation_for(profile)
    colours: dict[str, str] = {}
    for palette in (CLASSIC, FRENCH, WHITE_ORANGE, GREYSCALE):
        for name in palette.colour_names():
            colours.setdefault(getattr(palette, name), f"{palette.name} {name}")
    # The cards' own colours: the pale grounds, the back's navy, the two circles.
    colours.setdefault(mix(CLASSIC.blue, "#ffffff", 0.78), "card ground (pale blue)")
    colours.setdefault(mix(CLASSIC.yellow, "#ffffff", 0.78), "card ground (pale yellow)")
    colours.setdefault(mix(CLASSIC.blue, "#000000", 0.45), "card back (navy)")
    colours.setdefault(RED, "card tile-count circle")
    colours.setdefault(GREEN, "card moves circle")
    print(f"profile: {profile.description} ({profile.source}), ink limit {profile.ink_limit:g} %")
    print(f"{'colour':26} {'design':8} {'C/M/Y/K %':16} {'ΔE76':>5} {'best':>5}  gamut")
    reports = colour_report([(n, v) for v, n in colours.items()], separation)
    for r in reports:
        ink = "/".join(f"{round(v * 100)}" for v in r.ink)
        mark = "in" if r.in_gamut else "out"
        print(f"{r.name:26} {r.value} {ink:16} {r.delta_e:5.1f} {r.best_delta_e:5.1f}  {mark}")
    inside = [r for r in reports if r.in_gamut]
    worst = max(inside, key=lambda r: r.delta_e)
    print(f"inside the gamut: worst ΔE76 {worst.delta_e:.1f} ({worst.name}; target ≤ 6)")
    print("outside the gamut:", ", ".join(r.name for r in reports if not r.in_gamut))
    cards = catalog_records()
    for pdfx in ("4", "1a"):
        start = time.perf_counter()
        data = print_shop_pdf(cards, SheetOptions(cmyk=True, pdfx=pdfx))
        seconds = time.perf_counter() - start
        load = Path("/proc/loadavg").read_text().split()[0]
        print(f"PDF/X-{pdfx} print-shop file, {len(cards)} cards: {seconds:.2f} s, "
              f"{len(data) // 1024} KiB (load {load})")


if __name__ == "__main__":
    main()
