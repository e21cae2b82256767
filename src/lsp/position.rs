//! Positions: the protocol counts lines and UTF-16 code units, toolc's spans
//! count bytes; and documents are named by `file:` URIs, toolc's by paths.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::{Position, Range, Uri};
use toolc::internal::source::SourceFile;

/// The byte offset of `pos` in `text`, clamped to the line's end and to the
/// text (a client may send a position past either).
pub fn offset(text: &str, pos: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..pos.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    let mut units = 0u32;
    for (i, c) in text[line_start..line_end].char_indices() {
        if units >= pos.character {
            return line_start + i;
        }
        units += c.len_utf16() as u32;
    }
    line_end
}

/// The position of byte `offset` in `text` (an offset inside a character
/// counts as its start).
pub fn position(text: &str, offset: usize) -> Position {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Position {
        line: before.matches('\n').count() as u32,
        character: before[line_start..].encode_utf16().count() as u32,
    }
}

pub fn range(text: &str, start: usize, end: usize) -> Range {
    Range {
        start: position(text, start),
        end: position(text, end),
    }
}

/// The range of bytes `start..end` of `file`, found through the file's
/// line index: [`range`] scans the text from its start for each position,
/// which made a file's diagnostics, references or edits quadratic in its
/// size.
pub fn file_range(file: &SourceFile, start: usize, end: usize) -> Range {
    Range {
        start: file_position(file, start),
        end: file_position(file, end),
    }
}

fn file_position(file: &SourceFile, offset: usize) -> Position {
    let text = &file.text;
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let starts = file.line_starts();
    let line = match starts.binary_search(&offset) {
        Ok(i) => i,
        Err(i) => i - 1,
    };
    Position {
        line: line as u32,
        character: text[starts[line]..offset].encode_utf16().count() as u32,
    }
}

/// The path a `file:` URI names, percent-escapes decoded.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file://host/path` is not a local file; `file:///path` has an empty host.
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Ok(b) = u8::from_str_radix(&path[i + 1..i + 3], 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    let decoded = String::from_utf8(out).ok()?;
    Some(toolc::internal::ir::load::normalize(Path::new(&decoded)))
}

/// The `file:` URI of an absolute path.
pub fn uri_of(path: &Path) -> Uri {
    let mut s = String::from("file://");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    // Every byte outside the unreserved set is escaped, so this parses.
    Uri::from_str(&s).unwrap_or_else(|_| Uri::from_str("file:///").expect("a valid URI"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_map_to_bytes_and_back() {
        let text = "ab\n\u{e9}\u{1F600}x\nlast";
        let pos = Position::new(1, 3); // after é (1 unit) and 😀 (2 units)
        let at = offset(text, pos);
        assert_eq!(&text[at..at + 1], "x");
        assert_eq!(position(text, at), pos);
        assert_eq!(offset(text, Position::new(0, 99)), 2);
        assert_eq!(offset(text, Position::new(9, 0)), text.len());
    }

    #[test]
    fn a_file_range_is_the_text_range() {
        let text = "ab\n\u{e9}\u{1F600}x\nlast";
        let file = SourceFile::new(PathBuf::from("/a.tool"), "a.tool".into(), text.into());
        for start in 0..=text.len() {
            for end in start..=text.len() {
                assert_eq!(file_range(&file, start, end), range(text, start, end));
            }
        }
    }

    #[test]
    fn uris_round_trip_with_escapes() {
        let path = Path::new("/tmp/a dir/caf\u{e9}.tool");
        let uri = uri_of(path);
        assert_eq!(uri.as_str(), "file:///tmp/a%20dir/caf%C3%A9.tool");
        assert_eq!(path_of(&uri).as_deref(), Some(path));
    }
}
