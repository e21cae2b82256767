//! Where a JSON pointer's value sits in the input text, for the import's
//! warnings to point at.
//!
//! An import of thousands of tools warns thousands of times, each with a
//! pointer from the root (`/tools/999/inputSchema/...`). Walking the text
//! from the start for each would be quadratic, so a [`Locator`] reads the
//! members of each object and array once, when a pointer first passes
//! through it, and keeps them.

use std::collections::HashMap;

/// Finds pointers in one JSON text, remembering the containers it read.
#[derive(Debug)]
pub struct Locator<'a> {
    text: &'a str,
    /// Container offset -> its members.
    containers: HashMap<usize, Members>,
}

#[derive(Debug)]
enum Members {
    /// Key -> (offset of the key, offset of the value); the first of
    /// duplicate keys.
    Object(HashMap<String, (usize, usize)>),
    /// Offset of each element.
    Array(Vec<usize>),
}

impl<'a> Locator<'a> {
    pub fn new(text: &'a str) -> Self {
        Locator {
            text,
            containers: HashMap::new(),
        }
    }

    /// Byte offset of the value at `pointer`, or of its key when the value
    /// is an object member; `None` when the text does not hold that path
    /// (then callers point at the start of the file).
    pub fn find(&mut self, pointer: &str) -> Option<usize> {
        let tokens: Vec<String> = if pointer.is_empty() {
            Vec::new()
        } else {
            pointer
                .strip_prefix('/')?
                .split('/')
                .map(|t| t.replace("~1", "/").replace("~0", "~"))
                .collect()
        };
        let mut pos = skip_ws(self.text.as_bytes(), 0);
        let mut found = pos;
        for token in &tokens {
            match self.members(pos)? {
                Members::Object(members) => {
                    let &(key, value) = members.get(token)?;
                    found = key;
                    pos = value;
                }
                Members::Array(items) => {
                    pos = *items.get(token.parse::<usize>().ok()?)?;
                    found = pos;
                }
            }
        }
        Some(found)
    }

    /// The members of the object or array at `pos`, read once.
    fn members(&mut self, pos: usize) -> Option<&Members> {
        if !self.containers.contains_key(&pos) {
            let members = read_members(self.text, pos)?;
            self.containers.insert(pos, members);
        }
        self.containers.get(&pos)
    }
}

fn read_members(text: &str, mut pos: usize) -> Option<Members> {
    let bytes = text.as_bytes();
    match bytes.get(pos)? {
        b'{' => {
            let mut members = HashMap::new();
            pos = skip_ws(bytes, pos + 1);
            if bytes.get(pos) == Some(&b'}') {
                return Some(Members::Object(members));
            }
            loop {
                if bytes.get(pos)? != &b'"' {
                    return None;
                }
                let key_pos = pos;
                let (key, after) = read_string(text, pos)?;
                pos = skip_ws(bytes, after);
                if bytes.get(pos)? != &b':' {
                    return None;
                }
                pos = skip_ws(bytes, pos + 1);
                members.entry(key).or_insert((key_pos, pos));
                pos = skip_ws(bytes, skip_value(text, pos)?);
                match bytes.get(pos)? {
                    b',' => pos = skip_ws(bytes, pos + 1),
                    b'}' => return Some(Members::Object(members)),
                    _ => return None,
                }
            }
        }
        b'[' => {
            let mut items = Vec::new();
            pos = skip_ws(bytes, pos + 1);
            if bytes.get(pos) == Some(&b']') {
                return Some(Members::Array(items));
            }
            loop {
                items.push(pos);
                pos = skip_ws(bytes, skip_value(text, pos)?);
                match bytes.get(pos)? {
                    b',' => pos = skip_ws(bytes, pos + 1),
                    b']' => return Some(Members::Array(items)),
                    _ => return None,
                }
            }
        }
        _ => None,
    }
}

fn skip_ws(bytes: &[u8], mut pos: usize) -> usize {
    while matches!(bytes.get(pos), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        pos += 1;
    }
    pos
}

/// The decoded string starting at `pos` (a `"`) and the offset after it.
fn read_string(text: &str, pos: usize) -> Option<(String, usize)> {
    let bytes = text.as_bytes();
    let mut end = pos + 1;
    while let Some(&b) = bytes.get(end) {
        match b {
            b'\\' => end += 2,
            b'"' => break,
            _ => end += 1,
        }
    }
    let raw = text.get(pos..=end)?;
    let decoded: String = serde_json::from_str(raw).ok()?;
    Some((decoded, end + 1))
}

/// The offset after the JSON value starting at `pos`.
fn skip_value(text: &str, pos: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    match bytes.get(pos)? {
        b'"' => read_string(text, pos).map(|(_, end)| end),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = pos;
            while let Some(&b) = bytes.get(i) {
                match b {
                    b'"' => {
                        i = skip_string(bytes, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let mut i = pos;
            while let Some(&b) = bytes.get(i) {
                if matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r') {
                    break;
                }
                i += 1;
            }
            Some(i)
        }
    }
}

/// The offset after the string starting at `pos`, without decoding it.
fn skip_string(bytes: &[u8], pos: usize) -> Option<usize> {
    let mut end = pos + 1;
    loop {
        match bytes.get(end)? {
            b'\\' => end += 2,
            b'"' => return Some(end + 1),
            _ => end += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locate(text: &str, pointer: &str) -> Option<usize> {
        Locator::new(text).find(pointer)
    }

    #[test]
    fn finds_nested_members() {
        let text = r#"{"tools": [{"name": "a"}, {"name": "b", "x/y": {"k": [1, {"z": 2}]}}]}"#;
        let mut locator = Locator::new(text);
        let mut at = |p: &str| locator.find(p).map(|o| &text[o..]);
        assert!(at("/tools/1").is_some_and(|s| s.starts_with(r#"{"name": "b""#)));
        assert!(at("/tools/1/x~1y/k/1/z").is_some_and(|s| s.starts_with(r#""z""#)));
        assert!(at("/tools/0/name").is_some_and(|s| s.starts_with(r#""name": "a""#)));
        assert_eq!(at("/tools/2"), None);
        assert_eq!(at("/missing"), None);
        assert_eq!(at("/tools/1/name/x"), None, "a string has no members");
        assert_eq!(locate(" [ ]", ""), Some(1));
        assert_eq!(locate("{}", "/a"), None);
    }

    #[test]
    fn the_first_of_duplicate_keys_is_found() {
        let text = r#"{"a": 1, "a": 2}"#;
        assert_eq!(locate(text, "/a"), Some(1));
    }
}
