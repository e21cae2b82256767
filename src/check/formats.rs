//! String formats at compile time: defaults and examples are checked by the
//! runtime's own format functions (`toolc_runtime::formats`), so a value
//! toolc accepts is one a generated dispatcher accepts too.

use toolc_runtime::formats::Format as RuntimeFormat;

use crate::ir::Format;

/// Whether `s` is a valid instance of `format`.
pub fn is_valid(format: Format, s: &str) -> bool {
    runtime_format(format).is_valid(s)
}

fn runtime_format(format: Format) -> RuntimeFormat {
    match format {
        Format::DateTime => RuntimeFormat::DateTime,
        Format::Date => RuntimeFormat::Date,
        Format::Time => RuntimeFormat::Time,
        Format::Duration => RuntimeFormat::Duration,
        Format::Email => RuntimeFormat::Email,
        Format::Hostname => RuntimeFormat::Hostname,
        Format::Ipv4 => RuntimeFormat::Ipv4,
        Format::Ipv6 => RuntimeFormat::Ipv6,
        Format::Uri => RuntimeFormat::Uri,
        Format::Uuid => RuntimeFormat::Uuid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_maps_to_the_runtime_format_of_the_same_name() {
        for format in [
            Format::DateTime,
            Format::Date,
            Format::Time,
            Format::Duration,
            Format::Email,
            Format::Hostname,
            Format::Ipv4,
            Format::Ipv6,
            Format::Uri,
            Format::Uuid,
        ] {
            assert_eq!(runtime_format(format).name(), format.as_str());
        }
    }

    #[test]
    fn checks_agree_with_the_runtime() {
        assert!(is_valid(Format::Date, "2024-02-29"));
        assert!(!is_valid(Format::Date, "2023-02-29"));
        // RFC 3339's grammar: a year and a day need the month between.
        assert!(!is_valid(Format::Duration, "P1Y2D"));
        assert!(is_valid(Format::Duration, "P1Y2M3D"));
        assert!(!is_valid(Format::Hostname, "ab--cd.example"));
        assert!(is_valid(Format::Uri, "https://example.com/a?b=c#d"));
    }
}
