//! "Did you mean ...?" suggestions by edit distance.

/// Levenshtein distance over characters, stopping early once it exceeds
/// `limit` (names are short; this keeps pathological inputs cheap).
pub fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit || a.len() > 256 || b.len() > 256 {
        return None;
    }
    // Optimal string alignment: an adjacent transposition costs one edit.
    let mut rows: Vec<Vec<usize>> = vec![(0..=b.len()).collect()];
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(!ca.eq_ignore_ascii_case(cb));
            let prev = &rows[i];
            let mut d = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            if i > 0
                && j > 0
                && a[i].eq_ignore_ascii_case(&b[j - 1])
                && a[i - 1].eq_ignore_ascii_case(cb)
            {
                d = d.min(rows[i - 1][j - 1] + 1);
            }
            cur[j + 1] = d;
        }
        rows.push(cur);
    }
    let prev = rows.pop().unwrap_or_default();
    prev.last().copied().filter(|&d| d <= limit)
}

/// The closest candidate to `name`, if one is close enough to be a likely
/// typo (at most a third of the name's length in edits). Ties go to the
/// first candidate in the given order.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // Names of one or two characters are too short for a guess to help.
    let limit = name.chars().count() / 3;
    if limit == 0 {
        return None;
    }
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
        assert_eq!(distance("rigth", "right", 5), Some(1));
    }
}
