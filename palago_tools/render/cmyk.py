"""Design colours (sRGB ``#rrggbb``) converted to CMYK through an ICC output profile with
LittleCMS (Pillow's :mod:`PIL.ImageCms`), for the print-shop PDFs.

The conversion is **relative colorimetric with black-point compensation**: the cards are a
handful of flat colours, not photographs, so every colour the press can print is reproduced
as measured (perceptual rendering would compress the whole gamut and move the in-gamut
colours too), colours beyond the press's gamut are clipped to its nearest edge, and the
black point of sRGB is mapped to the press's darkest black instead of clipping the dark
navy of the backs to one ink mass. Three prepress rules are applied on top of the profile,
each solved through the same profile so that the colour stays what it measures:

- **pale tints carry no K**: a light colour (L* ≥ 80) is printed with C, M and Y only (a black
  screen in a pale ground shows as dirt), the three inks chosen so the tint measures as
  close to the design as the press allows;
- **greys are K only**: a neutral colour is printed in black ink alone (no registration
  fringes on rules and type), its K chosen so that its lightness matches;
- **black text and lines are 100 K and overprint** (:meth:`Separation.line`): a neutral
  line darker than black ink alone prints (L* of 100 K on the press, 22 on SWOP) never knocks
  out the colour under it, so no white shows when the plates shift; a dark grey line lighter
  than that (the tiles' outlines, L* 25) is a K-only grey that knocks out, so it stays grey
  over blue instead of printing black.

An ink limit (the total area coverage a press accepts, 300 % for SWOP, 240 % for a
DriveThruCards file) is kept by every colour, and under an overprinting black line by the
colour below it (:meth:`Separation.under`: that colour with its C, M and Y reduced until the
two together are within the limit; the painter paints it under the line, the shape of the
line, so the black stays crisp and rich and the area around it keeps its colour).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Final

from PIL import Image, ImageCms

from ..errors import FileAccessError, OutputError

Ink = tuple[float, float, float, float]
"""C, M, Y and K from 0 to 1."""

Lab = tuple[float, float, float]

GHOSTSCRIPT_PROFILES: Final = (
    Path("/usr/share/color/icc/ghostscript/default_cmyk.icc"),
    Path("/usr/share/ghostscript/iccprofiles/default_cmyk.icc"),
)
"""Where the default CMYK profile is looked for: the Artifex CMYK SWOP profile of Ghostscript
(Debian package ``libgs-common``, listed in apt-packages.txt; AGPL-3+)."""

PALE_LIGHTNESS: Final = 80.0
"""Colours at least this light (L*) are printed without K."""

NEUTRAL_CHROMA: Final = 2.5
"""Colours whose chroma (C*ab) is below this are greys, printed in K alone."""

DARK_LIGHTNESS: Final = 35.0
"""Neutral colours darker than this (L*) are no greys: they are separated through the profile,
K free (black type and lines are 100 K, :meth:`Separation.line`)."""

_REGISTERED: Final = {
    # Descriptions of well-known characterisations → (OutputConditionIdentifier, condition),
    # the names of the ICC's registry (http://www.color.org), so a RIP recognises the press.
    "fogra39": ("FOGRA39", "Offset printing, ISO 12647-2:2004, coated paper (FOGRA39)"),
    "fogra51": ("FOGRA51", "Offset printing, ISO 12647-2:2013, coated paper (FOGRA51)"),
    "fogra52": ("FOGRA52", "Offset printing, ISO 12647-2:2013, uncoated paper (FOGRA52)"),
    "gracol2006": ("CGATS TR 006", "Offset printing, coated #1 paper (GRACoL 2006)"),
    "gracol2013": ("CGATS21-2-CRPC6", "Offset printing, coated #1 paper (GRACoL 2013)"),
    "swop": ("CGATS TR 001", "Commercial offset printing on coated paper (SWOP)"),
}


@dataclass(frozen=True)
class CmykProfile:
    """An ICC output profile for a CMYK press: its bytes, its description, where it was read,
    and the total ink it allows (percent of one ink's area, 400 at most)."""

    data: bytes = field(repr=False)
    description: str
    source: str
    ink_limit: float = 300.0

    @property
    def condition(self) -> tuple[str, str, bool]:
        """(OutputConditionIdentifier, OutputCondition, registered): the registry's name when
        the description names a registered characterisation (FOGRA39, GRACoL, SWOP), else the
        description itself as a custom condition."""
        key = self.description.lower().replace(" ", "").replace("_", "")
        for name, (identifier, condition) in _REGISTERED.items():
            if name in key:
                return identifier, condition, True
        return self.description, self.description, False

    def with_ink_limit(self, limit: float) -> CmykProfile:
        """The same profile with another total-ink limit (percent)."""
        return CmykProfile(self.data, self.description, self.source, limit)


def load_profile(path: str | Path, ink_limit: float = 300.0) -> CmykProfile:
    """The CMYK output profile in ``path``; :class:`FileAccessError` when it cannot be read,
    :class:`OutputError` when it is not an ICC profile of a CMYK output device."""
    source = Path(path)
    try:
        data = source.read_bytes()
    except OSError as error:
        raise FileAccessError("read", source, error) from None
    if len(data) < 132 or data[36:40] != b"acsp":
        raise OutputError(f"{source} is not an ICC profile (no 'acsp' signature)")
    if data[16:20] != b"CMYK" or data[12:16] != b"prtr":
        kind = data[16:20].decode("latin-1").strip()
        raise OutputError(
            f"{source} is a {kind} profile of class {data[12:16].decode('latin-1')}, "
            "not a CMYK output (printer) profile"
        )
    try:
        description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(data)))
    except (OSError, ImageCms.PyCMSError) as error:
        raise OutputError(f"LittleCMS cannot read the profile {source}: {error}") from error
    return CmykProfile(data, description.strip() or source.stem, str(source), ink_limit)


def default_profile() -> CmykProfile:
    """Ghostscript's Artifex CMYK SWOP profile; :class:`OutputError` naming the package that
    installs it when it is missing."""
    for path in GHOSTSCRIPT_PROFILES:
        if path.is_file():
            return load_profile(path)
    raise OutputError(
        "CMYK output needs a CMYK ICC profile: Ghostscript's SWOP profile was not found at "
        f"{GHOSTSCRIPT_PROFILES[0]} (install it with apt-get install libgs-common), or give "
        "the print shop's own with --cmyk-profile FILE.icc"
    )


def _rgb(value: str) -> tuple[int, int, int]:
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


def srgb_lab(value: str) -> Lab:
    """CIE L*a*b* (D50, as the ICC connection space) of an sRGB ``#rrggbb``, computed
    exactly (IEC 61966-2-1 and the Bradford adaptation of the ICC sRGB profile)."""

    def linear(c: int) -> float:
        x = c / 255.0
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _rgb(value))
    x = 0.4360747 * r + 0.3850649 * g + 0.1430804 * b
    y = 0.2225045 * r + 0.7168786 * g + 0.0606169 * b
    z = 0.0139322 * r + 0.0971045 * g + 0.7141733 * b
    return _xyz_lab(x, y, z)


def _xyz_lab(x: float, y: float, z: float) -> Lab:
    white = (0.9642, 1.0, 0.8249)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip((x, y, z), white, strict=True))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e76(a: Lab, b: Lab) -> float:
    """The CIE 1976 colour difference: the distance in L*a*b*."""
    return math.dist(a, b)


def _chroma(lab: Lab) -> float:
    return math.hypot(lab[1], lab[2])


class Separation:
    """Design colours through one CMYK profile: :meth:`fill` for areas, :meth:`line` for text
    and strokes (with whether they overprint), :meth:`lab` for what a CMYK value prints as."""

    def __init__(self, profile: CmykProfile) -> None:
        self.profile = profile
        cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile.data))
        srgb = ImageCms.createProfile("sRGB")
        lab = ImageCms.createProfile("LAB")
        relative = ImageCms.Intent.RELATIVE_COLORIMETRIC
        self._to_cmyk = ImageCms.buildTransform(
            srgb, cmyk, "RGB", "CMYK", relative, flags=ImageCms.Flags.BLACKPOINTCOMPENSATION
        )
        self._to_lab = ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", relative)
        self._limit = profile.ink_limit / 100.0 * 255.0
        self.fill = lru_cache(maxsize=1024)(self._fill)
        self.line = lru_cache(maxsize=1024)(self._line)

    # --- through the profile ---------------------------------------------------------------

    def labs(self, inks: Sequence[tuple[int, int, int, int]]) -> list[Lab]:
        """What each 8-bit CMYK value prints as (L*a*b*, the profile's relative colorimetry)."""
        image = Image.new("CMYK", (len(inks), 1))
        image.putdata(list(inks))
        out = _apply(self._to_lab, image)
        return [
            (p[0] * 100.0 / 255.0, p[1] - 128.0, p[2] - 128.0)
            for p in (out.getpixel((i, 0)) for i in range(len(inks)))
            if isinstance(p, tuple)
        ]

    def lab(self, ink: Ink) -> Lab:
        """What ``ink`` prints as (L*a*b*)."""
        return self.labs([_bytes(ink)])[0]

    def icc(self, value: str) -> tuple[int, int, int, int]:
        """The profile's own conversion of ``value`` (8-bit CMYK), before the prepress rules."""
        out = _apply(self._to_cmyk, Image.new("RGB", (1, 1), _rgb(value)))
        pixel = out.getpixel((0, 0))
        assert isinstance(pixel, tuple)
        c, m, y, k = (int(v) for v in pixel)
        return c, m, y, k

    # --- the colours of a drawing ---------------------------------------------------------

    def _fill(self, value: str) -> Ink:
        target = srgb_lab(value)
        if value.lower() == "#ffffff":
            return (0.0, 0.0, 0.0, 0.0)
        if _chroma(target) < NEUTRAL_CHROMA and target[0] >= DARK_LIGHTNESS:
            return self._grey(target)
        start = self.icc(value)
        if target[0] >= PALE_LIGHTNESS:
            c, m, y, k = start
            # A first guess without K: the black moved into the three colours.
            guess = tuple(min(255, v + k * (255 - v) // 255) for v in (c, m, y)) + (0,)
            return _unit(self._search(target, guess, free=(0, 1, 2)))
        if sum(start) > self._limit:
            start = self._within_limit(start)
        # K as the profile's separation sets it (its black generation), C, M and Y refined
        # through the profile's measurement to the nearest the press prints; a dark colour
        # may move its K too (the press's blackest black is more K than the table gives).
        free = (0, 1, 2, 3) if target[0] < DARK_LIGHTNESS else (0, 1, 2)
        return _unit(self._search(target, start, free=free))

    def _line(self, value: str) -> tuple[Ink, bool]:
        target = srgb_lab(value)
        if _chroma(target) < NEUTRAL_CHROMA * 2:
            if target[0] < self.black_lightness:
                return (0.0, 0.0, 0.0, 1.0), True
            return self._grey(target), False
        return self.fill(value), False

    @cached_property
    def black_lightness(self) -> float:
        """L* of 100 K alone on this press: neutral lines darker than this are black."""
        return self.lab((0.0, 0.0, 0.0, 1.0))[0]

    @property
    def limit(self) -> float:
        """The total ink allowed, as a fraction (2.4 for 240 %)."""
        return self.profile.ink_limit / 100.0

    def under(self, value: str, line: Ink) -> Ink | None:
        """The ink to print the fill ``value`` in under an overprinting ``line`` when the two
        together exceed the ink limit: the fill's C, M and Y reduced in proportion until the
        line's inks and the fill's inks the line leaves (its zero channels) are within the
        limit, less 1 % for rounding; ``None`` when they are within it already."""
        ink = self.fill(value)
        kept = [v for v, mine in zip(ink, line, strict=True) if mine == 0.0]
        if sum(line) + sum(kept) <= self.limit:
            return None
        room = max(0.0, self.limit - 0.01 - sum(line) - (ink[3] if line[3] == 0.0 else 0.0))
        colours = sum(v for v, mine in zip(ink[:3], line[:3], strict=True) if mine == 0.0)
        scale = min(1.0, room / colours) if colours > 0 else 0.0
        c, m, y, k = (
            round(v * scale, 4) if i < 3 and line[i] == 0.0 else v for i, v in enumerate(ink)
        )
        return c, m, y, k

    def _grey(self, target: Lab) -> Ink:
        """K alone, its value chosen for the lightness of ``target``."""
        labs = self.labs([(0, 0, 0, k) for k in range(256)])
        best = min(range(256), key=lambda k: abs(labs[k][0] - target[0]))
        return (0.0, 0.0, 0.0, round(best / 255.0, 4))

    def _within_limit(self, ink: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        c, m, y, k = ink
        k = min(k, int(self._limit))
        scale = max(0.0, self._limit - k) / max(1, c + m + y)
        return (int(c * scale), int(m * scale), int(y * scale), k)

    def _search(
        self, target: Lab, start: Sequence[int], free: Sequence[int]
    ) -> tuple[int, int, int, int]:
        """The 8-bit CMYK nearest ``target`` (ΔE76) within the ink limit, found by a pattern
        search from ``start`` that moves only the channels ``free``; the others stay."""
        best = tuple(start)
        best_error = delta_e76(self.labs([_four(best)])[0], target)
        step = 32
        while step >= 1:
            candidates = list(_neighbours(best, free, step, self._limit))
            if candidates:
                errors = [delta_e76(lab, target) for lab in self.labs(candidates)]
                index = min(range(len(errors)), key=errors.__getitem__)
                if errors[index] < best_error - 1e-9:
                    best, best_error = candidates[index], errors[index]
                    continue
            step //= 2
        return _four(best)

    def best(self, value: str) -> tuple[Ink, float]:
        """The CMYK (within the ink limit) that comes nearest ``value`` on this press and its
        ΔE76: how far inside or outside the gamut the colour lies."""
        target = srgb_lab(value)
        ink = self._search(target, self._within_limit(self.icc(value)), free=(0, 1, 2, 3))
        return _unit(ink), delta_e76(self.labs([ink])[0], target)


def _apply(transform: ImageCms.ImageCmsTransform, image: Image.Image) -> Image.Image:
    """``image`` through ``transform`` (LittleCMS's own call: Pillow's ``apply`` also copies
    the output profile into the image, which fails for some valid profiles)."""
    out = Image.new(transform.output_mode, image.size)
    transform.transform.apply(image.getim(), out.getim())
    return out


def _four(values: Sequence[int]) -> tuple[int, int, int, int]:
    c, m, y, k = values
    return c, m, y, k


def _bytes(ink: Ink) -> tuple[int, int, int, int]:
    return _four([max(0, min(255, round(v * 255.0))) for v in ink])


def _unit(ink: Sequence[int]) -> Ink:
    c, m, y, k = (round(v / 255.0, 4) for v in ink)
    return c, m, y, k


def _neighbours(
    ink: Sequence[int], free: Sequence[int], step: int, limit: float
) -> Iterable[tuple[int, int, int, int]]:
    """Every value one ``step`` away from ``ink`` in some of the ``free`` channels, in range
    and within the ink limit."""
    offsets: list[tuple[int, ...]] = [()]
    for _ in free:
        offsets = [o + (d,) for o in offsets for d in (-step, 0, step)]
    for offset in offsets:
        if not any(offset):
            continue
        moved = list(ink)
        for channel, d in zip(free, offset, strict=True):
            moved[channel] += d
        if all(0 <= v <= 255 for v in moved) and sum(moved) <= limit:
            yield _four(moved)


@dataclass(frozen=True)
class ColourReport:
    """One design colour on one press: its CMYK, the ΔE76 of that CMYK against the design,
    and the least ΔE76 any CMYK within the ink limit reaches (above 3: out of gamut)."""

    name: str
    value: str
    ink: Ink
    delta_e: float
    best_delta_e: float

    @property
    def in_gamut(self) -> bool:
        """Whether the press can print the colour: some CMYK within ΔE76 3 of the design (the
        8-bit measurement through the profile is good to about 1)."""
        return self.best_delta_e <= 3.0


def colour_report(colours: Iterable[tuple[str, str]], separation: Separation) -> list[ColourReport]:
    """For every (name, ``#rrggbb``): its fill CMYK, that CMYK's ΔE76 and the best possible."""
    reports = []
    for name, value in colours:
        ink = separation.fill(value)
        delta = delta_e76(separation.lab(ink), srgb_lab(value))
        _best, best_delta = separation.best(value)
        reports.append(ColourReport(name, value, ink, delta, min(best_delta, delta)))
    return reports


@lru_cache(maxsize=8)
def separation_for(profile: CmykProfile) -> Separation:
    """The (cached) separation for ``profile``."""
    return Separation(profile)
