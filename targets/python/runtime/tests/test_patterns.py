"""Patterns mean what they mean to an ECMAScript engine with the ``u`` flag,
as in the other runtimes (the compiler's own pattern tests, ported)."""

from __future__ import annotations

import random

import pytest
import regex

from toolc_runtime.patterns import PatternError, compile_pattern, matches, to_python


def ok(pattern: str, text: str) -> bool:
    assert compile_pattern(pattern) is not None, f"{pattern} should be accepted"
    return matches(pattern, text)


def rejected(pattern: str) -> bool:
    try:
        to_python(pattern)
    except PatternError:
        return compile_pattern(pattern) is None and not matches(pattern, pattern)
    return compile_pattern(pattern) is None


def test_digit_and_word_classes_are_ascii() -> None:
    assert ok(r"^\d+$", "0123456789")
    assert not ok(r"^\d+$", "١٢٣")  # Arabic-Indic digits are not ECMAScript \d
    assert ok(r"^\w+$", "abc_XYZ_09")
    assert not ok(r"^\w+$", "héllo")
    assert ok(r"^\D$", "a")
    assert not ok(r"^\D$", "5")
    assert ok(r"^\W$", "é")


def test_whitespace_is_the_ecmascript_set() -> None:
    for c in ["\t", "\n", "\x0b", "\x0c", "\r", " ", "\xa0", "\u2028", "\u3000", "\ufeff"]:
        assert ok(r"^\s$", c), repr(c)
    # U+0085 (NEL) is Unicode whitespace but not ECMAScript's.
    assert not ok(r"^\s$", "\x85")
    assert ok(r"^\S$", "\x85")
    assert ok(r"^[\s]$", "\u3000")
    assert not ok(r"^[\S]$", "\u3000")


def test_dot_excludes_line_terminators() -> None:
    assert ok(r"^.$", "a")
    assert ok(r"^.$", "é")
    for c in ["\n", "\r", "\u2028", "\u2029"]:
        assert not ok(r"^.$", c), repr(c)


def test_anchors_are_not_multiline() -> None:
    assert not ok(r"^b$", "a\nb")
    assert not ok(r"^a$", "a\n")
    # Unanchored patterns match anywhere, as in JSON Schema.
    assert ok("abc", "xxabcxx")


def test_word_boundary_is_ascii() -> None:
    assert ok(r"\bcat\b", "a cat here")
    assert not ok(r"\bcat\b", "concatenate")
    # é is not an ECMAScript word character, so there is a boundary before c.
    assert ok(r"\bcat", "écat")
    assert ok(r"a\Bb", "ab")
    assert not ok(r"a\Bb", "a b")


def test_identity_escapes_and_slashes() -> None:
    assert ok(r"^a\/b$", "a/b")
    assert ok(r"^\.\*\+\?\(\)\[\]\{\}\|\^\$\\$", r".*+?()[]{}|^$" + "\\")
    assert ok("^a/b$", "a/b")
    assert ok(r"^[\-]$", "-")


def test_other_identity_escapes_are_rejected() -> None:
    for p in [r"^\-$", r"^\:$", r"^\#$", r"^\@$", r"^\ $", r"^\,$", r"^[\:]$"]:
        assert rejected(p), p


def test_lone_braces_and_brackets_are_rejected() -> None:
    for p in [r"^a{$", r"^{foo}$", r"^x{1,2$", r"^}$", r"^]$", r"^{$", r"^a{,5}$"]:
        assert rejected(p), p
    assert ok(r"^\{\}\]$", "{}]")
    assert ok(r"^[{}]+$", "{}")


def test_quantifier_braces() -> None:
    assert ok(r"^a{2}$", "aa")
    assert not ok(r"^a{2}$", "a{2}")
    assert ok(r"^a{2,}$", "aaaa")
    assert ok(r"^a{1,3}?$", "aa")
    assert not ok(r"^a{1,3}$", "aaaa")


def test_character_classes() -> None:
    assert ok(r"^[a-z0-9_-]+$", "abc-1_2")
    assert ok(r"^[\d-]+$", "1-")
    assert ok(r"^[-\d]+$", "-1")
    assert ok(r"^[^\d]$", "a")
    assert ok(r"^[\D]$", "a")
    assert not ok(r"^[^\D]$", "a")
    assert ok(r"^[[]$", "[")
    assert ok(r"^[a&&b]+$", "&&")
    assert ok(r"^[+--]+$", ",")
    assert rejected(r"^[a--b]+$")
    assert ok(r"^[[:]+$", "[:")
    assert ok(r"^[\b]$", "\x08")
    assert ok(r"^[.]$", ".")
    assert not ok(r"^[.]$", "a")
    assert not ok(r"[]", "anything")
    assert ok(r"^[^]$", "\n")
    assert ok(r"^[\D\s]+$", "a b")
    assert not ok(r"^[\D\s]+$", "a1")


def test_unicode_mode_semantics() -> None:
    assert ok(r"^.$", "😀")
    assert ok(r"^[^a]$", "😀")
    assert ok(r"^\u{41}$", "A")
    assert not ok(r"^\u{41}$", "u" * 41)
    assert ok(r"^\p{L}+$", "abc")
    assert not ok(r"^[^\p{L}]$", "a")
    assert ok(r"^[^\p{L}]$", "1")
    assert ok(r"^\P{L}$", "1")


def test_invalid_in_unicode_mode_is_rejected() -> None:
    for p in [
        r"^[\d-z]$",
        r"^[a-\d]$",
        r"^[a-z&&[^b]]$",
        r"^[[:alpha:]]$",
        r"^\p{Greek}$",
        r"^\p{l}$",
        r"^\p{letter}$",
        r"^\p{Script=greek}$",
        r"^\p{Block=Basic_Latin}$",
    ]:
        assert rejected(p), p
    for p in [
        r"^\p{Lu}$",
        r"^\p{Uppercase_Letter}$",
        r"^\p{gc=Lu}$",
        r"^\p{General_Category=Letter}$",
        r"^\p{Script=Greek}$",
        r"^\p{sc=Grek}$",
        r"^\p{scx=Latn}$",
        r"^\p{Alphabetic}$",
        r"^\p{ASCII}$",
        r"^\p{Any}$",
        r"^\P{White_Space}$",
        r"^\p{Emoji}$",
    ]:
        assert compile_pattern(p) is not None, p


def test_unicode_escapes() -> None:
    assert ok(r"^\u00e9$", "é")
    assert ok(r"^\u{1F600}$", "😀")
    assert ok(r"^\uD83D\uDE00$", "😀")
    assert ok(r"^\x41$", "A")
    assert ok(r"^\cJ$", "\n")
    assert ok(r"^\p{L}+$", "héllo")
    assert ok(r"^\p{Script=Greek}$", "α")
    assert not ok(r"^\p{Script=Greek}$", "a")
    assert ok(r"^\p{Lu}$", "É")
    assert ok(r"^a\0$", "a\0")


def test_named_and_non_capturing_groups() -> None:
    assert ok(r"^(?<year>\d{4})-(?:\d\d)$", "2024-01")
    assert ok(r"^(ab|cd)+$", "abcdab")


def test_look_around_and_back_references_are_rejected() -> None:
    for p in [r"a(?=b)", r"a(?!b)", r"(?<=a)b", r"(?<!a)b", r"(a)\1", r"(?<x>a)\k<x>", r"\012"]:
        assert rejected(p), p


@pytest.mark.parametrize(
    "pattern",
    ["(", ")", "[a", "*a", "a**", "+", "a{2}{3}", "\\", r"\a", r"\xZ", r"\uD800", "[z-a]", "a{3,2}",
     r"\p{NoSuchProperty}", "(?i)a", "^*", r"\b+", "(?<1a>x)", "(?<a>x)(?<a>y)"],
)
def test_malformed_patterns_are_rejected(pattern: str) -> None:
    assert rejected(pattern)


def test_deep_nesting_is_rejected() -> None:
    assert rejected("(" * 500 + "a" + ")" * 500)


def test_random_patterns_never_raise_and_what_is_accepted_compiles() -> None:
    alphabet = [
        "a", "b", "\\", "(", ")", "[", "]", "{", "}", "?", "*", "+", "|", "^", "$", ".", "-", ",",
        "1", "2", "d", "w", "s", "b", "u", "x", "p", "k", "<", ">", "=", "!", ":", "é", "😀", "D",
        "{2}", "{1,3}", "\\u00", "\\uD83D", "\\p{L}", "(?", "(?<n>", "[^", "]",
    ]
    rng = random.Random(0x9E3779B9)
    accepted = 0
    for _ in range(3000):
        p = "".join(rng.choice(alphabet) for _ in range(rng.randrange(12)))
        try:
            translated = to_python(p)
        except PatternError:
            continue
        accepted += 1
        regex.compile(translated, regex.V1)
        matches(p, "ab1 é😀")
    assert accepted > 100, f"only {accepted} accepted"
