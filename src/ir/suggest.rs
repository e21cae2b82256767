//! "Did you mean ...?" suggestions by edit distance.

/// Levenshtein distance over characters, stopping early once it exceeds
/// `limit` (names are short; this keeps pathological inputs cheap).
pub fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit || a.len() > 256 || b.len() > 256 {
        return None;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(!ca.eq_ignore_ascii_case(cb));
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev.last().copied().filter(|&d| d <= limit)
}

/// The closest candidate to `name`, if one is close enough to be a likely
/// typo (a third of the name's length, at least one edit). Ties go to the
/// first candidate in the given order.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == name {
            continue;
        }
        if let Some(d) = distance(name, c, limit) {
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, c));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// `did you mean `x`?` for a help line.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    closest(name, candidates).map(|c| format!("did you mean `{c}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_close_names() {
        assert_eq!(closest("NodId", ["NodeId", "Align"]), Some("NodeId"));
        assert_eq!(closest("strng", ["string", "int"]), Some("string"));
        assert_eq!(closest("xyz", ["NodeId"]), None);
        assert_eq!(distance("kitten", "sitting", 5), Some(3));
    }
}
