//! Just enough RFC 3339 to turn two job timestamps into an ISO 8601
//! duration, without a date-time dependency.

/// Seconds since the Unix epoch of `YYYY-MM-DDTHH:MM:SSZ` (fractions and
/// offsets other than `Z` are not used by the fixtures and are refused).
pub fn parse_utc(ts: &str) -> Option<i64> {
    let (date, time) = ts.strip_suffix('Z')?.split_once('T')?;
    let mut d = date.split('-').map(|p| p.parse::<i64>().ok());
    let (year, month, day) = (d.next()??, d.next()??, d.next()??);
    let mut t = time.split(':').map(|p| p.parse::<i64>().ok());
    let (h, m, s) = (t.next()??, t.next()??, t.next()??);
    Some(days_from_civil(year, month, day) * 86_400 + h * 3600 + m * 60 + s)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
/// algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `PT4M12S`-style duration between two timestamps.
pub fn duration_between(start: &str, end: &str) -> Option<String> {
    let secs = parse_utc(end)? - parse_utc(start)?;
    if secs < 0 {
        return None;
    }
    let (h, m, s) = (secs / 3600, secs % 3600 / 60, secs % 60);
    let mut out = String::from("PT");
    if h > 0 {
        out.push_str(&format!("{h}H"));
    }
    if m > 0 {
        out.push_str(&format!("{m}M"));
    }
    if s > 0 || (h == 0 && m == 0) {
        out.push_str(&format!("{s}S"));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(
            duration_between("2026-11-29T18:02:05Z", "2026-11-29T18:03:17Z").as_deref(),
            Some("PT1M12S")
        );
        assert_eq!(
            duration_between("2026-12-31T23:00:00Z", "2027-01-01T01:00:00Z").as_deref(),
            Some("PT2H")
        );
        assert_eq!(parse_utc("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(parse_utc("yesterday"), None);
    }
}
