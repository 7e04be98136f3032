"""Tells who a request comes from: the peer, or the client a trusted proxy names in X-Forwarded-For.

Per-client limits (stream caps, creation rate limits) key on this address. A proxy's
`X-Forwarded-For` is believed only when the peer is one of TRUSTED_PROXIES (addresses or
networks, `unix` for a peer on a unix socket, as behind `castillo serve`'s front); then the
client is the rightmost address in the header that is not itself a trusted proxy. Anything
else in the header is a client's own claim and is ignored.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True, slots=True)
class Trusted:
    """The proxies whose X-Forwarded-For is believed."""

    networks: tuple[Network, ...] = ()
    unix: bool = False

    @classmethod
    def parse(cls, text: str) -> Trusted:
        """Returns the proxies of `10.0.0.0/8, 127.0.0.1, unix`; raises ValueError naming a bad item."""
        items = [item.strip() for item in text.split(",") if item.strip()]
        networks = tuple(_network(item) for item in items if item != "unix")
        return cls(networks, "unix" in items)

    def __contains__(self, address: str) -> bool:
        if address in ("", "unix"):
            return self.unix
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.networks)


def _network(item: str) -> Network:
    try:
        return ipaddress.ip_network(item, strict=False)
    except ValueError:
        raise ValueError(f"TRUSTED_PROXIES: {item!r} is not an address, a network or `unix`") from None


def client_address(peer: str | None, forwarded_for: Iterable[str] | str | None, trusted: Trusted) -> str:
    """Returns the client's address: `peer`, or, when `peer` is a trusted proxy, the rightmost
    untrusted address of X-Forwarded-For (all of the header's values, in order)."""
    peer = peer or ""
    if peer not in trusted or not forwarded_for:
        return peer or "unix"
    values = [forwarded_for] if isinstance(forwarded_for, str) else list(forwarded_for)
    hops = [hop.strip() for value in values for hop in value.split(",") if hop.strip()]
    for hop in reversed(hops):
        if hop not in trusted:
            return _canonical(hop)
    return _canonical(hops[0]) if hops else peer or "unix"


def _canonical(hop: str) -> str:
    """Returns an address in one spelling (so `::ffff:1.2.3.4` and `1.2.3.4` share a limit); a
    hop that is no address is returned as it is, cut to 64 characters."""
    try:
        ip = ipaddress.ip_address(hop)
    except ValueError:
        return hop[:64]
    mapped = getattr(ip, "ipv4_mapped", None)
    return str(mapped or ip)
