"""String formats: the samples of the TypeScript runtime's tests, each
accepted or rejected as there."""

from __future__ import annotations

import re

import pytest

from toolc_runtime.formats import COLOR_PATTERN, FORMAT_HINTS, FORMATS
from toolc_runtime.patterns import matches
from toolc_runtime.types import StringFormat

SAMPLES: dict[StringFormat, tuple[list[str], list[str]]] = {
    "date-time": (
        ["2024-01-31T09:30:00Z", "2024-02-29t09:30:00.5+02:00", "2016-12-31T23:59:60Z"],
        ["2024-01-31 09:30:00Z", "2024-01-31T09:30:00", "2023-02-29T00:00:00Z", "2016-12-31T22:59:60Z",
         "2024-01-31T09:30:00Z\n"],
    ),
    "date": (
        ["2024-01-31", "2000-02-29"],
        ["2024-1-31", "2024-13-01", "1900-02-29", "2024-04-31", "2024-01-31\n", "٢٠٢٤-01-31"],
    ),
    "time": (
        ["09:30:00Z", "23:59:60Z", "01:29:60+01:30", "00:00:00.123-00:00"],
        ["09:30Z", "24:00:00Z", "09:30:00", "12:00:60Z", "09:30:00+24:00"],
    ),
    "duration": (
        ["P3D", "PT1H30M", "P2W", "P1Y2M3DT4H5M6S", "P1M"],
        ["P", "PT", "P1W2D", "P1DT", "P1Y1D", "PT1H1S", "P1D2Y", "1D", "P١D"],
    ),
    "email": (
        ["a@example.com", "first.last+tag@sub.example.org", '"a b"@example.com', "x@[127.0.0.1]", "x@[IPv6:::1]"],
        ["a", "@example.com", "a..b@example.com", "a@-example.com", f"{'a' * 65}@example.com"],
    ),
    "hostname": (
        ["example.com", "a", "xn--bcher-kva.example", "a-b.c"],
        ["", "-a.com", "a_b.com", "ab--cd.com", f"{'a' * 64}.com", "a..b", "é.com"],
    ),
    "ipv4": (
        ["0.0.0.0", "192.168.1.255", "255.255.255.255"],
        ["256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1.2.3.4\n"],
    ),
    "ipv6": (
        ["::", "::1", "2001:db8::8a2e:370:7334", "1:2:3:4:5:6:7:8", "::ffff:192.0.2.1", "1::2:1.2.3.4"],
        ["1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", "::1.2.3", "g::1", "1:2:3:4:5:6:7::8"],
    ),
    "uri": (
        ["https://example.com/a?b=c#d", "urn:isbn:0451450523", "mailto:a@example.com", "http://[::1]:8080/", "a:%20"],
        ["example.com", "/relative", "http://exa mple.com", "a:%zz", "1a:b", "http://[::1/", "a:é"],
    ),
    "uuid": (
        ["123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000"],
        ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g",
         "{123e4567-e89b-12d3-a456-426614174000}", "123e4567-e89b-12d3-a456-426614174000\n"],
    ),
    "color": (
        ["#fff", "#FFF8", "#1e90ff", "#1E90FF80", "rgb(30 144 255)", "rgb(30, 144, 255)", "rgba(30,144,255,0.5)",
         "rgb(30 144 255 / 50%)", "hsl(210deg 100% 56%)", "hsla(210, 100%, 56%, .5)", "oklch(62.8% 0.25 29.23)",
         "lab(none 20 -30)"],
        ["", "fff", "#ff", "#fffff", "#1e90ffa", "#ggg", "red", "rgb()", "rgb(1 2)", "rgb(1 2 3 4 5)", "rgb(a b c)",
         "RGB(1 2 3)", " #fff", "#fff ", "url(#a)", "#fff\n"],
    ),
}


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
def test_format(fmt: StringFormat) -> None:
    valid, invalid = SAMPLES[fmt]
    for s in valid:
        assert FORMATS[fmt](s), f"{fmt} rejects {s!r}"
    for s in invalid:
        assert not FORMATS[fmt](s), f"{fmt} accepts {s!r}"


def test_every_format_has_samples_and_each_hints_own_example_passes_its_format() -> None:
    assert sorted(SAMPLES) == sorted(FORMATS)
    for fmt, hint in FORMAT_HINTS.items():
        found = re.search(r"like (\S+?)[,.]?(?: |$)", hint)
        assert found is not None, f"no example in the {fmt} hint: {hint}"
        assert FORMATS[fmt](found[1]), f"{fmt}: {found[1]}"


def test_the_color_pattern_that_schemas_carry_decides_as_the_format() -> None:
    valid, invalid = SAMPLES["color"]
    for s in valid:
        assert matches(COLOR_PATTERN, s), s
    for s in invalid:
        assert not matches(COLOR_PATTERN, s), s
