"""Per-client limits key on the peer, or on the client a trusted proxy names (service.peers)."""

from __future__ import annotations

import pytest

from service.peers import Trusted, client_address

PROXIES = Trusted.parse("10.0.0.0/8, 127.0.0.1, unix")


def test_the_peer_is_the_client_unless_it_is_a_trusted_proxy() -> None:
    assert client_address("203.0.113.9", "198.51.100.1", PROXIES) == "203.0.113.9"  # a client's own claim
    assert client_address("203.0.113.9", None, Trusted()) == "203.0.113.9"


def test_a_trusted_proxy_names_the_rightmost_untrusted_hop() -> None:
    # the client forged the first hop; the trusted proxies appended the real ones
    assert client_address("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.1.2.3", PROXIES) == "198.51.100.7"
    assert client_address("10.9.9.9", ["6.6.6.6", "198.51.100.7"], PROXIES) == "198.51.100.7"
    assert client_address("", "198.51.100.7", PROXIES) == "198.51.100.7"  # behind castillo serve's front
    assert client_address("", "198.51.100.7", Trusted()) == "unix"


def test_addresses_have_one_spelling() -> None:
    assert client_address("127.0.0.1", "::ffff:198.51.100.7", PROXIES) == "198.51.100.7"
    assert client_address("127.0.0.1", "2001:DB8::1", PROXIES) == "2001:db8::1"
    assert client_address("127.0.0.1", "10.0.0.1, 10.0.0.2", PROXIES) == "10.0.0.1"  # all hops trusted


def test_a_bad_proxy_setting_is_named() -> None:
    with pytest.raises(ValueError, match="'10.0.0.300' is not an address"):
        Trusted.parse("10.0.0.300")
