"""Where a phone finds the table: the addresses a server listening on ``host`` answers on, and
the QR code of one for the terminal (the page shows the same code, :func:`.app.qr_svg`)."""

from __future__ import annotations

import io
import ipaddress
import socket


def _bracketed(address: str) -> str:
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


def phone_addresses(host: str) -> list[str]:
    """The host names to put in the table's address: ``host`` itself, or for a wildcard
    (``0.0.0.0``, ``::``) this computer's own addresses on its networks (never ``0.0.0.0``),
    IPv4 first, loopback last."""
    bare = host.strip("[]")
    try:
        wildcard = ipaddress.ip_address(bare).is_unspecified
    except ValueError:
        wildcard = False
    if not wildcard:
        return [_bracketed(host)]
    import psutil

    family = socket.AF_INET6 if ":" in bare else socket.AF_INET
    families = (socket.AF_INET, socket.AF_INET6) if family == socket.AF_INET6 else (socket.AF_INET,)
    found: list[tuple[int, str]] = []
    for entries in psutil.net_if_addrs().values():
        for entry in entries:
            if entry.family not in families:
                continue
            address = entry.address.split("%", 1)[0]
            ip = ipaddress.ip_address(address)
            if ip.is_link_local:
                continue
            rank = (2 if ip.is_loopback else 0) + (1 if ip.version == 6 else 0)
            found.append((rank, _bracketed(address)))
    names = [name for _, name in sorted(set(found))]
    return names or ["127.0.0.1"]


def terminal_qr(text: str) -> str:
    """A QR code of ``text`` drawn with block characters for a terminal (light on dark works
    too: the code carries its own quiet zone)."""
    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
