"""The last step of a press PDF, with pikepdf (qpdf): PDF/X-4 or PDF/X-1a, or plain CMYK.

pikepdf writes the XMP packet as real RDF with the registered namespaces (``pdfxid``,
``xmpMM``), keeps the document information dictionary in step with it, forces the header's
PDF version, and qpdf's deterministic ``/ID`` keeps the bytes reproducible; pypdf, which
reads the tests' PDFs, can read XMP but not write it.

:func:`finish_pdf` makes every press file:

- **PDF/X-4** (``pdfx="4"``): PDF 1.6; XMP with ``pdfxid:GTS_PDFXVersion`` ``PDF/X-4``,
  ``xmpMM:DocumentID``/``VersionID``/``RenditionClass``, ``pdf:Trapped`` False, the dates,
  title, subject and author; the output intent (``/GTS_PDFX``) with the CMYK profile embedded
  and the press condition named; a transparency group in DeviceCMYK on every page that
  uses transparency;
- **PDF/X-1a:2003** (``pdfx="1a"``): PDF 1.4 without object streams; the same metadata with
  ``GTS_PDFXVersion``/``GTS_PDFXConformance`` ``PDF/X-1a:2003``; no transparency at all (the
  painter flattened it; a translucent graphics state left over is refused);
- **plain CMYK** (``pdfx=None``, home sheets): the metadata, no output intent, no PDF/X claim.

Every file gets font subset tags of its own (six letters from a digest of the file, where
reportlab writes ``AAAAAA+`` everywhere), so that a shop that merges files cannot mix up two
subsets of DejaVu Sans; the dates are ``SOURCE_DATE_EPOCH`` (the reproducible-builds
convention) when set, else the time of the build.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final, Literal

import pikepdf
from pikepdf import Array, Dictionary, Name, Pdf, String

from ..errors import OutputError
from .cmyk import CmykProfile

PdfX = Literal["4", "1a"]

PDFX_VERSIONS: Final[dict[str, str]] = {"4": "PDF/X-4", "1a": "PDF/X-1a:2003"}
"""The PDF/X parts a press file can claim, by the name ``--pdfx`` takes."""

_HEADER: Final = {"4": "1.6", "1a": "1.4"}
_TAG: Final = re.compile(r"^/?[A-Z]{6}\+")


@dataclass(frozen=True)
class PressInfo:
    """What a press file says about itself: title, subject, author, and when it was made."""

    title: str
    subject: str
    author: str
    made: datetime


def build_time() -> datetime:
    """``SOURCE_DATE_EPOCH`` (seconds since 1970, UTC) when set and valid, else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.fromtimestamp(int(epoch), UTC)
    return datetime.now(UTC).replace(microsecond=0)


def _pdf_date(when: datetime) -> str:
    return when.strftime("D:%Y%m%d%H%M%SZ")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _retag_fonts(pdf: Pdf, digest: str) -> None:
    """Give every subset font a tag of its own: six capitals from the file's digest and the
    font's old name."""
    for obj in pdf.objects:
        if not isinstance(obj, Dictionary) or obj.get("/Type") != Name.Font:
            continue
        base = str(obj.get("/BaseFont", ""))
        if not _TAG.match(base):
            continue
        seed = hashlib.sha256(f"{digest}{base}".encode()).digest()
        tag = "".join(chr(ord("A") + b % 26) for b in seed[:6])
        name = Name("/" + tag + "+" + _TAG.sub("", base))
        obj.BaseFont = name
        descriptor = obj.get("/FontDescriptor")
        if isinstance(descriptor, Dictionary):
            descriptor.FontName = name


def _output_intent(pdf: Pdf, profile: CmykProfile) -> Dictionary:
    identifier, condition, registered = profile.condition
    stream = pikepdf.Stream(pdf, profile.data)
    stream.N = 4
    intent = Dictionary(
        Type=Name.OutputIntent,
        S=Name.GTS_PDFX,
        OutputConditionIdentifier=String(identifier),
        OutputCondition=String(condition),
        Info=String(profile.description),
        DestOutputProfile=pdf.make_indirect(stream),
    )
    if registered:
        intent.RegistryName = String("http://www.color.org")
    return intent


def _translucent(pdf: Pdf) -> list[int]:
    """The numbers (from 1) of the pages whose graphics states are translucent or masked."""
    pages = []
    for number, page in enumerate(pdf.pages, 1):
        resources = page.obj.get("/Resources", Dictionary())
        states = resources.get("/ExtGState", Dictionary())
        for state in states.values():
            alphas = [float(state.get(k, 1)) for k in ("/ca", "/CA")]
            mask = state.get("/SMask", Name("/None"))
            if min(alphas) < 1.0 or mask != Name("/None"):
                pages.append(number)
                break
    return pages


def finish_pdf(
    data: bytes, info: PressInfo, profile: CmykProfile | None = None, pdfx: PdfX | None = None
) -> bytes:
    """``data`` (a reportlab PDF) as a press file: PDF/X-``pdfx`` for ``profile``, or plain
    CMYK without a PDF/X claim when ``pdfx`` is None (see the module's docstring)."""
    if pdfx is not None and profile is None:
        raise OutputError("a PDF/X file needs the CMYK profile of its output intent")
    digest = _digest(data + f"{pdfx}:{info.title}".encode())
    pdf = Pdf.open(io.BytesIO(data))
    _retag_fonts(pdf, digest)
    for page in pdf.pages:
        for box in ("/TrimBox", "/BleedBox"):
            if pdfx is not None and box not in page.obj:
                raise OutputError(f"page {page.index + 1} has no {box[1:]}: not a print-shop page")
    translucent = _translucent(pdf)
    if pdfx == "1a" and translucent:
        raise OutputError(
            f"PDF/X-1a allows no transparency, but page {translucent[0]} is translucent"
        )
    when = _pdf_date(info.made)
    docinfo = Dictionary(
        Title=String(info.title),
        Subject=String(info.subject),
        Author=String(info.author),
        Creator=String("palago-tools"),
        Producer=String(f"palago-tools (reportlab, pikepdf {pikepdf.__version__})"),
        CreationDate=String(when),
        ModDate=String(when),
        Trapped=Name("/False"),
    )
    version = PDFX_VERSIONS[pdfx] if pdfx is not None else None
    if version is not None:
        docinfo.GTS_PDFXVersion = String(version)
        if pdfx == "1a":
            docinfo.GTS_PDFXConformance = String(version)
    pdf.trailer.Info = pdf.make_indirect(docinfo)
    document = uuid.uuid5(uuid.NAMESPACE_URL, f"palago-tools:{digest}")
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = info.title
        meta["dc:description"] = info.subject
        meta["dc:creator"] = [info.author]
        stamp = info.made.isoformat().replace("+00:00", "Z")
        meta["xmp:CreateDate"] = stamp
        meta["xmp:ModifyDate"] = stamp
        meta["xmp:MetadataDate"] = stamp
        meta["xmp:CreatorTool"] = "palago-tools"
        meta["pdf:Producer"] = str(docinfo.Producer)
        meta["pdf:Trapped"] = "False"
        meta["xmpMM:DocumentID"] = f"uuid:{document}"
        meta["xmpMM:InstanceID"] = f"uuid:{document}"
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
        if pdfx == "4":
            meta["pdfxid:GTS_PDFXVersion"] = "PDF/X-4"
        elif version is not None:
            meta["pdfx:GTS_PDFXVersion"] = version
            meta["pdfx:GTS_PDFXConformance"] = version
    if "/OutputIntents" in pdf.Root:
        del pdf.Root.OutputIntents
    if pdfx is not None and profile is not None:
        pdf.Root.OutputIntents = Array([pdf.make_indirect(_output_intent(pdf, profile))])
        for number in translucent:
            page = pdf.pages[number - 1]
            page.obj.Group = Dictionary(S=Name.Transparency, CS=Name.DeviceCMYK)
    out = io.BytesIO()
    pdf.save(
        out,
        deterministic_id=True,
        min_version=_HEADER.get(pdfx or "", ""),
        force_version=_HEADER.get(pdfx or "", ""),
        object_stream_mode=pikepdf.ObjectStreamMode.disable,
        compress_streams=True,
    )
    return out.getvalue()
