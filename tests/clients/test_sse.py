"""Checks the event-stream parser on the WHATWG examples and awkward chunk splits."""

from __future__ import annotations

from clients.python.sse import SseParser

STREAM = (
    b": keep-alive\n\n"
    b"retry: 1500\n"
    b'id: 3\nevent: event\ndata: {"v": 3}\n\n'
    b"data: first\r\ndata: second\r\n\r\n"
    b'id: 4\revent: over\rdata:{"v": 4}\r\r: ka\n'
)


def _parse_in_chunks(size: int) -> tuple[list[tuple[str, str, str | None]], SseParser]:
    parser = SseParser()
    out = []
    for start in range(0, len(STREAM), size):
        out += [(e.event, e.data, e.id) for e in parser.feed(STREAM[start : start + size])]
    return out, parser


def test_parses_events_ids_retry_and_skips_comments() -> None:
    events, parser = _parse_in_chunks(len(STREAM))
    assert events == [
        ("event", '{"v": 3}', "3"),
        ("message", "first\nsecond", "3"),
        ("over", '{"v": 4}', "4"),
    ]
    assert parser.retry_ms == 1500
    assert parser.last_id == "4"


def test_any_chunk_split_gives_the_same_events() -> None:
    whole, _ = _parse_in_chunks(len(STREAM))
    for size in (1, 2, 3, 7, 13):
        assert _parse_in_chunks(size)[0] == whole


def test_event_without_data_is_not_dispatched_and_json_reads_data() -> None:
    parser = SseParser(last_id="9")
    assert parser.feed(b"event: ping\n\n") == []
    (event,) = parser.feed(b"data: [1, 2]\n\n")
    assert event.json() == [1, 2] and event.id == "9"
