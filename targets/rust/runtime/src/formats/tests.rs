use super::Format;

fn ok(f: Format, s: &str) -> bool {
    f.is_valid(s)
}

#[test]
fn dates_and_times() {
    assert!(ok(Format::Date, "2024-02-29"));
    assert!(!ok(Format::Date, "2023-02-29"));
    assert!(!ok(Format::Date, "2024-13-01"));
    assert!(!ok(Format::Date, "2024-1-01"));
    assert!(!ok(Format::Date, "２０２４-01-01"));
    assert!(ok(Format::Time, "08:30:06Z"));
    assert!(ok(Format::Time, "08:30:06.123+02:00"));
    assert!(!ok(Format::Time, "08:30:06"));
    assert!(!ok(Format::Time, "24:00:00Z"));
    assert!(ok(Format::Time, "23:59:60Z"));
    assert!(ok(Format::Time, "15:59:60-08:00"));
    assert!(!ok(Format::Time, "22:59:60Z"));
    assert!(ok(Format::DateTime, "1963-06-19T08:30:06.283185Z"));
    assert!(ok(Format::DateTime, "1963-06-19t08:30:06z"));
    assert!(!ok(Format::DateTime, "1963-06-19 08:30:06Z"));
    assert!(!ok(Format::DateTime, "1963-06-19T08:30:06"));
    assert!(!ok(Format::DateTime, "1990-02-31T15:59:59.123-08:00"));
    // Multi-byte text where a separator is expected must not split a
    // character.
    assert!(!ok(Format::DateTime, "2024-01-01é08:30:06Z"));
    assert!(!ok(Format::Time, "08:30:06é"));
}

#[test]
fn durations_follow_the_rfc_3339_grammar() {
    for good in [
        "P4DT12H30M5S",
        "P1Y",
        "PT1M",
        "P1W",
        "P1Y2M",
        "P1M2D",
        "PT36H",
        "PT1M2S",
        "P0D",
        "P01D",
    ] {
        assert!(ok(Format::Duration, good), "{good}");
    }
    for bad in [
        "P", "PT", "P1", "PT1D", "P1D2Y", "P1Y2W", "P1WT1H", "P1.5D", "1D", "P1DT", "P1YT",
        // dur-year = Y [M [D]] and dur-hour = H [M [S]]: no skipping.
        "P1Y2D", "PT1H2S",
    ] {
        assert!(!ok(Format::Duration, bad), "{bad}");
    }
}

#[test]
fn network_formats() {
    assert!(ok(Format::Ipv4, "192.168.0.1"));
    assert!(!ok(Format::Ipv4, "192.168.0.01"));
    assert!(!ok(Format::Ipv4, "256.0.0.1"));
    assert!(ok(Format::Ipv6, "::1"));
    assert!(ok(Format::Ipv6, "::ffff:192.168.0.1"));
    assert!(!ok(Format::Ipv6, "fe80::1%eth0"));
    assert!(!ok(Format::Ipv6, "12345::"));
    assert!(ok(Format::Hostname, "www.example.com"));
    assert!(ok(Format::Hostname, "localhost"));
    assert!(ok(Format::Hostname, "xn--4gbwdl.xn--wgbh1c"));
    assert!(!ok(Format::Hostname, "-a.com"));
    assert!(!ok(Format::Hostname, "a_b.com"));
    assert!(!ok(Format::Hostname, "example.com."));
    // Hyphens in the 3rd and 4th place are kept for A-labels (`xn--`).
    assert!(!ok(Format::Hostname, "ab--cd.com"));
    assert!(!ok(Format::Hostname, &"a".repeat(64)));
}

#[test]
fn emails() {
    assert!(ok(Format::Email, "joe.bloggs@example.com"));
    assert!(ok(Format::Email, "\"joe bloggs\"@example.com"));
    assert!(ok(Format::Email, "\"joe\\\"bloggs\"@example.com"));
    assert!(ok(Format::Email, "joe@[127.0.0.1]"));
    // ABNF strings are case-insensitive (RFC 5234), the tag too.
    assert!(ok(Format::Email, "joe@[IPv6:::1]"));
    assert!(ok(Format::Email, "joe@[ipv6:::1]"));
    assert!(!ok(Format::Email, "joe..bloggs@example.com"));
    assert!(!ok(Format::Email, ".joe@example.com"));
    assert!(!ok(Format::Email, "\"a\"b\"@example.com"));
    assert!(!ok(Format::Email, "\"a\\\"@example.com"));
    assert!(!ok(Format::Email, "joe"));
}

#[test]
fn uris_and_uuids() {
    assert!(ok(Format::Uri, "https://example.com/a?b=c#d"));
    assert!(ok(Format::Uri, "urn:isbn:0451450523"));
    assert!(ok(Format::Uri, "http://[2001:db8::7]:8080/"));
    assert!(ok(Format::Uri, "http://user:pw@example.com/"));
    assert!(ok(Format::Uri, "mailto:a@b.com"));
    assert!(!ok(Format::Uri, "/relative/path"));
    assert!(!ok(Format::Uri, "http://exa mple.com"));
    assert!(!ok(Format::Uri, "http://example.com/%zz"));
    assert!(!ok(Format::Uri, "http://example.com:80a/"));
    assert!(!ok(Format::Uri, "http://a]b@example.com/"));
    assert!(!ok(Format::Uri, "http://example.com/#a#b"));
    assert!(!ok(Format::Uri, "http://[v]/"));
    assert!(!ok(Format::Uri, "1http://x"));
    assert!(ok(Format::Uuid, "2eb8aa08-aa98-11ea-b4aa-73b441d16380"));
    assert!(!ok(Format::Uuid, "2eb8aa08aa9811eab4aa73b441d16380"));
    assert!(!ok(Format::Uuid, "2eb8aa08-aa98-11ea-b4aa-73b441d1638g"));
}

#[test]
fn names_are_json_schema_names() {
    assert_eq!(Format::DateTime.name(), "date-time");
    assert_eq!(Format::Ipv6.name(), "ipv6");
}

#[test]
fn colors_are_hex_or_css_functions() {
    for good in [
        "#fff",
        "#FFF8",
        "#1e90ff",
        "#1E90FF80",
        "rgb(30 144 255)",
        "rgb(30, 144, 255)",
        "rgba(30,144,255,0.5)",
        "rgb(30 144 255 / 50%)",
        "hsl(210deg 100% 56%)",
        "hsla(210, 100%, 56%, .5)",
        "oklch(62.8% 0.25 29.23)",
        "lab(none 20 -30)",
    ] {
        assert!(ok(Format::Color, good), "{good}");
    }
    for bad in [
        "",
        "fff",
        "#ff",
        "#fffff",
        "#1e90ffa",
        "#ggg",
        "red",
        "rgb()",
        "rgb(1 2)",
        "rgb(1 2 3 4 5)",
        "rgb(a b c)",
        "RGB(1 2 3)",
        " #fff",
        "#fff ",
        "url(#a)",
    ] {
        assert!(!ok(Format::Color, bad), "{bad}");
    }
}
