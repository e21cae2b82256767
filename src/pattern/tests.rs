use super::*;

fn matches(pattern: &str, text: &str) -> bool {
    assert!(
        check(pattern).is_ok(),
        "{pattern} should be accepted: {:?}",
        check(pattern)
    );
    let re = regex::Regex::new(&to_rust(pattern)).unwrap_or_else(|e| panic!("{pattern}: {e}"));
    re.is_match(text)
}

fn rejected(pattern: &str) -> PatternError {
    match check(pattern) {
        Err(e) => e,
        Ok(()) => panic!("{pattern} should be rejected"),
    }
}

#[test]
fn digit_and_word_classes_are_ascii() {
    assert!(matches(r"^\d+$", "0123456789"));
    assert!(!matches(r"^\d+$", "١٢٣")); // Arabic-Indic digits are not ECMAScript \d
    assert!(matches(r"^\w+$", "abc_XYZ_09"));
    assert!(!matches(r"^\w+$", "héllo"));
    assert!(matches(r"^\D$", "a"));
    assert!(!matches(r"^\D$", "5"));
    assert!(matches(r"^\W$", "é"));
}

#[test]
fn whitespace_is_the_ecmascript_set() {
    for c in [
        '\t', '\n', '\u{0B}', '\u{0C}', '\r', ' ', '\u{A0}', '\u{2028}', '\u{3000}', '\u{FEFF}',
    ] {
        assert!(matches(r"^\s$", &c.to_string()), "{:?}", c);
    }
    // U+0085 (NEL) is Unicode whitespace but not ECMAScript's.
    assert!(!matches(r"^\s$", "\u{85}"));
    assert!(matches(r"^\S$", "\u{85}"));
}

#[test]
fn dot_excludes_line_terminators() {
    assert!(matches(r"^.$", "a"));
    assert!(matches(r"^.$", "é"));
    for c in ["\n", "\r", "\u{2028}", "\u{2029}"] {
        assert!(!matches(r"^.$", c), "{c:?}");
    }
}

#[test]
fn anchors_are_not_multiline() {
    assert!(!matches(r"^b$", "a\nb"));
    assert!(!matches(r"^a$", "a\n"));
    // Unanchored patterns match anywhere, as in JSON Schema.
    assert!(matches("abc", "xxabcxx"));
}

#[test]
fn word_boundary_is_ascii() {
    assert!(matches(r"\bcat\b", "a cat here"));
    assert!(!matches(r"\bcat\b", "concatenate"));
    // é is not an ECMAScript word character, so there is a boundary before c.
    assert!(matches(r"\bcat", "écat"));
}

#[test]
fn identity_escapes_and_slashes() {
    assert!(matches(r"^a\/b$", "a/b"));
    assert!(matches(
        r"^\.\*\+\?\(\)\[\]\{\}\|\^\$\\$",
        r".*+?()[]{}|^$\"
    ));
    assert!(matches("^a/b$", "a/b"));
    assert!(matches(r"^[\-]$", "-"));
}

/// With the `u` flag only syntax characters and `/` may be escaped (and `-`
/// inside brackets); JavaScript refuses the whole pattern otherwise.
#[test]
fn other_identity_escapes_are_rejected() {
    for p in [
        r"^\-$", r"^\:$", r"^\#$", r"^\@$", r"^\ $", r"^\,$", r"^[\:]$",
    ] {
        assert!(rejected(p).message.contains("write"), "{p}");
    }
    assert!(rejected(r"^\-$").message.contains("only inside brackets"));
}

/// The `u` flag has no literal `{`, `}` or `]` outside brackets.
#[test]
fn lone_braces_and_brackets_are_rejected() {
    for p in [
        r"^a{$", r"^{foo}$", r"^x{1,2$", r"^}$", r"^]$", r"^{$", r"^a{,5}$",
    ] {
        let e = rejected(p);
        assert!(e.message.contains("write `\\"), "{p}: {e:?}");
    }
    assert_eq!(rejected(r"^a{,5}$").offset, 2);
    assert!(matches(r"^\{\}\]$", "{}]"));
    assert!(matches(r"^[{}]+$", "{}"));
}

#[test]
fn quantifier_braces() {
    assert!(matches(r"^a{2}$", "aa"));
    assert!(!matches(r"^a{2}$", "a{2}"));
    assert!(matches(r"^a{2,}$", "aaaa"));
    assert!(matches(r"^a{1,3}?$", "aa"));
}

#[test]
fn character_classes() {
    assert!(matches(r"^[a-z0-9_-]+$", "abc-1_2"));
    assert!(matches(r"^[\d-]+$", "1-"));
    assert!(matches(r"^[-\d]+$", "-1"));
    assert!(matches(r"^[^\d]$", "a"));
    assert!(matches(r"^[\D]$", "a"));
    assert!(!matches(r"^[^\D]$", "a"));
    assert!(matches(r"^[[]$", "["));
    assert!(matches(r"^[a&&b]+$", "&&"));
    assert!(matches(r"^[[:]+$", "[:"));
    assert!(matches(r"^[\b]$", "\u{8}"));
    assert!(matches(r"^[.]$", "."));
    assert!(!matches(r"^[.]$", "a"));
    assert!(!matches(r"[]", "anything"));
    assert!(matches(r"^[^]$", "\n"));
}

/// What the `u` flag changes: code points, not UTF-16 units, and `\u{..}`
/// and `\p{..}` are escapes, not letters.
#[test]
fn unicode_mode_semantics() {
    assert!(matches(r"^.$", "😀"));
    assert!(matches(r"^[^a]$", "😀"));
    assert!(matches(r"^\u{41}$", "A"));
    assert!(!matches(r"^\u{41}$", &"u".repeat(41)));
    assert!(matches(r"^\p{L}+$", "abc"));
    assert!(!matches(r"^[^\p{L}]$", "a"));
    assert!(matches(r"^[^\p{L}]$", "1"));
    assert!(matches(r"^\P{L}$", "1"));
}

/// Patterns a JavaScript engine refuses with the `u` flag.
#[test]
fn invalid_in_unicode_mode_is_rejected() {
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
    ] {
        assert!(check(p).is_err(), "{p} should be rejected");
    }
    assert!(rejected(r"^[\d-z]$").message.contains("range"));
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
    ] {
        assert!(check(p).is_ok(), "{p} should be accepted: {:?}", check(p));
    }
}

#[test]
fn unicode_escapes() {
    assert!(matches(r"^\u00e9$", "é"));
    assert!(matches(r"^\u{1F600}$", "😀"));
    assert!(matches(r"^\uD83D\uDE00$", "😀"));
    assert!(matches(r"^\x41$", "A"));
    assert!(matches(r"^\cJ$", "\n"));
    assert!(matches(r"^\p{L}+$", "héllo"));
    assert!(matches(r"^\p{Script=Greek}$", "α"));
    assert!(matches(r"^a\0$", "a\0"));
}

#[test]
fn named_and_non_capturing_groups() {
    assert!(matches(r"^(?<year>\d{4})-(?:\d\d)$", "2024-01"));
    assert!(matches(r"^(ab|cd)+$", "abcdab"));
}

#[test]
fn look_around_is_rejected() {
    for p in [r"a(?=b)", r"a(?!b)", r"(?<=a)b", r"(?<!a)b"] {
        let e = rejected(p);
        assert!(e.message.contains("look-around"), "{p}: {e:?}");
    }
    assert_eq!(rejected(r"xx(?=b)").offset, 2);
}

#[test]
fn back_references_are_rejected() {
    assert!(rejected(r"(a)\1").message.contains("back-reference"));
    assert!(rejected(r"(?<x>a)\k<x>").message.contains("back-reference"));
    assert_eq!(rejected(r"(a)\1").offset, 3);
    assert!(rejected(r"\012").message.contains("octal"));
}

#[test]
fn malformed_patterns_are_rejected() {
    for p in [
        "(",
        ")",
        "[a",
        "*a",
        "a**",
        "+",
        "a{2}{3}",
        r"\",
        r"\a",
        r"\xZ",
        r"\uD800",
        "[z-a]",
        "a{3,2}",
        r"\p{NoSuchProperty}",
        "(?i)a",
        "^*",
        r"\b+",
        "(?<1a>x)",
    ] {
        assert!(check(p).is_err(), "{p} should be rejected");
    }
}

#[test]
fn huge_repetition_is_rejected_not_hung() {
    assert!(check("(a{1000}){1000}").is_err());
    assert!(check("a{99999999999}").is_err());
}

#[test]
fn deep_nesting_is_rejected() {
    let p = format!("{}a{}", "(".repeat(500), ")".repeat(500));
    assert!(check(&p).is_err());
}

#[test]
fn multibyte_offsets_are_bytes() {
    assert_eq!(rejected("é(?=a)").offset, 2);
}

/// Random patterns from regex-heavy characters: `check` never panics, and
/// whatever it accepts, `to_rust` turns into a pattern the `regex` crate
/// compiles.
#[test]
fn random_patterns_never_panic() {
    const ALPHABET: &[&str] = &[
        "a", "b", "\\", "(", ")", "[", "]", "{", "}", "?", "*", "+", "|", "^", "$", ".", "-", ",",
        "1", "2", "d", "w", "s", "b", "u", "x", "p", "k", "<", ">", "=", "!", ":", "é", "😀", "D",
        "{2}", "{1,3}", "\\u00", "\\uD83D", "\\p{L}", "(?", "(?<n>", "[^", "]",
    ];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    let mut accepted = 0;
    for _ in 0..3000 {
        let len = next() % 12;
        let p: String = (0..len)
            .map(|_| ALPHABET[next() % ALPHABET.len()])
            .collect();
        if check(&p).is_ok() {
            accepted += 1;
            assert!(regex::Regex::new(&to_rust(&p)).is_ok(), "{p}");
        }
    }
    assert!(accepted > 100, "only {accepted} accepted");
}
