//! What an import could not carry, and where in the input it was.

/// One thing the `.tool` output does not carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The tool it belongs to (`None` for the document itself).
    pub tool: Option<String>,
    /// JSON pointer relative to the tool object, such as
    /// `/inputSchema/properties/labels/items/not`.
    pub pointer: String,
    /// JSON pointer from the document root (for locating it in the input).
    pub absolute: String,
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(t) = &self.tool {
            write!(f, "{t}: ")?;
        }
        // A warning about a whole tool (a second one of the same name) or
        // about the output as a whole (a declared type) has no place inside
        // the tool to point at.
        if !self.pointer.is_empty() {
            write!(f, "{}: ", self.pointer)?;
        }
        f.write_str(&self.message)
    }
}

#[derive(Debug, Default)]
pub struct Warnings {
    items: Vec<Warning>,
    base: String,
}

impl Warnings {
    /// Sets the pointer of the tool being read; later pointers are relative to it.
    pub fn set_base(&mut self, base: &str) {
        self.base = base.to_string();
    }

    pub fn push(&mut self, tool: Option<&str>, pointer: &str, message: &str) {
        let w = Warning {
            tool: tool.map(str::to_string),
            pointer: pointer.to_string(),
            absolute: format!("{}{pointer}", self.base),
            message: message.to_string(),
        };
        if !self.items.contains(&w) {
            self.items.push(w);
        }
    }

    pub fn into_vec(self) -> Vec<Warning> {
        self.items
    }
}

/// Byte offset in `text` (a JSON document) of the value at `pointer`, or of
/// its key when the value is an object member; `None` when the text does not
/// hold that path (then callers point at the start of the file).
pub fn locate(text: &str, pointer: &str) -> Option<usize> {
    let tokens: Vec<String> = if pointer.is_empty() {
        Vec::new()
    } else {
        pointer
            .strip_prefix('/')?
            .split('/')
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
            .collect()
    };
    let bytes = text.as_bytes();
    let mut pos = skip_ws(bytes, 0);
    let mut key_pos = pos;
    for token in &tokens {
        match bytes.get(pos)? {
            b'{' => {
                pos += 1;
                loop {
                    pos = skip_ws(bytes, pos);
                    if bytes.get(pos)? != &b'"' {
                        return None;
                    }
                    let start = pos;
                    let (key, after) = read_string(text, pos)?;
                    pos = skip_ws(bytes, after);
                    if bytes.get(pos)? != &b':' {
                        return None;
                    }
                    pos = skip_ws(bytes, pos + 1);
                    if &key == token {
                        key_pos = start;
                        break;
                    }
                    pos = skip_value(text, pos)?;
                    pos = skip_ws(bytes, pos);
                    if bytes.get(pos)? == &b',' {
                        pos += 1;
                    } else {
                        return None;
                    }
                }
            }
            b'[' => {
                let index: usize = token.parse().ok()?;
                pos += 1;
                for _ in 0..index {
                    pos = skip_ws(bytes, pos);
                    pos = skip_value(text, pos)?;
                    pos = skip_ws(bytes, pos);
                    if bytes.get(pos)? != &b',' {
                        return None;
                    }
                    pos += 1;
                }
                pos = skip_ws(bytes, pos);
                key_pos = pos;
            }
            _ => return None,
        }
    }
    Some(key_pos)
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
                        i = read_string(text, i)?.1;
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

#[cfg(test)]
mod tests {
    use super::locate;

    #[test]
    fn finds_nested_members() {
        let text = r#"{"tools": [{"name": "a"}, {"name": "b", "x/y": {"k": [1, {"z": 2}]}}]}"#;
        let at = |p: &str| locate(text, p).map(|o| &text[o..]);
        assert!(at("/tools/1").is_some_and(|s| s.starts_with(r#"{"name": "b""#)));
        assert!(at("/tools/1/x~1y/k/1/z").is_some_and(|s| s.starts_with(r#""z""#)));
        assert_eq!(at("/tools/2"), None);
        assert_eq!(at("/missing"), None);
    }
}
