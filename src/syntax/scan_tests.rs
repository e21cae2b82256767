//! The single-pass scans and the byte-wise span trimming must agree with the
//! straightforward versions they replaced, on every test file and on
//! variants with CRLF line ends, comments, BOMs and trailing blanks.

use std::path::{Path, PathBuf};

use super::build::Builder;
use super::scan;
use crate::ir::load::walk;
use crate::source::Span;

fn corpus() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("examples"), &mut files);
    walk(&root.join("tests"), &mut files);
    files.sort();
    files
}

/// Each test file as written and with its line ends, comments and blanks
/// varied (where scans and trimming have the most to do).
fn texts() -> Vec<(String, String)> {
    let files = corpus();
    assert!(files.len() > 50, "test files not found");
    let mut out = Vec::new();
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        let name = f.display().to_string();
        out.push((name.clone(), text.replace('\n', "\r\n")));
        out.push((name.clone(), text.replace('\n', " // c \r\n")));
        out.push((name.clone(), text.replace('\n', "//\r\n\u{FEFF} \t")));
        out.push((name, text));
    }
    out
}

/// xorshift64*, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1) as u64) as usize
    }
}

#[test]
fn one_pass_scan_equals_the_separate_scans() {
    for (name, text) in texts() {
        let outline = scan::outline(0, &text);
        assert_eq!(
            (outline.comments, outline.too_deep),
            (scan::comments(0, &text), scan::too_deep(&text)),
            "{name}"
        );
    }
}

#[test]
fn byte_wise_trimming_equals_char_wise_trimming() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for (name, text) in texts() {
        let b = Builder {
            text: &text,
            comments: scan::comments(0, &text)
                .iter()
                .map(|c| (c.span.start, c.span.end))
                .collect(),
            file: 0,
            base: 0,
            diags: Vec::new(),
            malformed: Vec::new(),
        };
        for _ in 0..300 {
            let start = rng.below(text.len() + 1);
            let end = start + rng.below(text.len() + 1 - start);
            assert_eq!(
                b.trimmed(start, end),
                reference_trim(&b, start, end),
                "{name}"
            );
        }
        // Ends near comments, where trimming does most.
        for &(cs, ce) in &b.comments {
            for end in ce.saturating_sub(3)..(ce + 4).min(text.len() + 1) {
                let start = rng.below(cs + 1);
                assert_eq!(
                    b.trimmed(start, end),
                    reference_trim(&b, start, end),
                    "{name}"
                );
            }
        }
    }
}

/// Trimming as it was done on chars.
fn reference_trim(b: &Builder<'_>, start: usize, mut end: usize) -> Span {
    loop {
        let trimmed = b.text.get(start..end).map_or(0, |t| {
            t.trim_end_matches([' ', '\t', '\r', '\n', '\u{FEFF}'])
                .len()
        });
        end = start + trimmed;
        let i = b.comments.partition_point(|c| c.1 < end);
        match b.comments.get(i) {
            Some(&(cs, ce)) if cs < end && end <= ce && cs >= start => end = cs,
            _ => break,
        }
    }
    Span::new(b.file, start, end)
}

#[test]
fn the_previous_token_ends_before_blanks_and_comments() {
    let end = |text: &str| {
        let pos = text.find('$').expect("a `$` marks the position");
        let text = text.replace('$', "");
        text[..scan::end_of_previous_token(&text, pos)].to_string()
    };
    assert_eq!(end("-> bool\n\n$enum"), "-> bool");
    assert_eq!(end("-> bool   // a note  \n// more\n\n$struct"), "-> bool");
    // `//` inside a string is not a comment.
    assert_eq!(end("matches \"http://x\"\n$tool"), "matches \"http://x\"");
    assert_eq!(end("r#\"a // b\"#  // c\n$tool"), "r#\"a // b\"#");
    // A doc comment is a token.
    assert_eq!(end("-> bool\n/// Doc.\n$tool"), "-> bool\n/// Doc.");
    assert_eq!(end("  // only a comment\n$tool"), "");
}

#[test]
fn raw_strings_reach_the_grammar_as_written() {
    // `//` inside a closed raw string is its text, not a comment; after an
    // unclosed one (`r#"open`) it is a comment again.
    let text = "a r#\"x\"//y\"# b r\"z//\" // r#\"c\"#\nr##\"e\"# r#\"open // d\n r###\"é\"//\"###";
    let masked = scan::grammar_text(text, &scan::outline(0, text).blanked).unwrap_or_default();
    assert_eq!(
        masked,
        format!(
            "a r#\"x\"//y\"# b r\"z//\" {}\nr##\"e\"# r#\"open {}\n r###\"é\"//\"###",
            " ".repeat("// r#\"c\"#".len()),
            " ".repeat("// d".len())
        )
    );
}

#[test]
fn comments_and_rare_blanks_outside_tokens_read_as_spaces() {
    let text = "\u{FEFF}//! Doc\t\r\n\t/// Tab\there\r\n////\tfour\r\ntool\tx(a: \"\t//\", b: r\"\t\r\") // end\u{FEFF}\r\n\u{FEFF}";
    let masked = scan::grammar_text(text, &scan::outline(0, text).blanked).unwrap_or_default();
    assert_eq!(
        masked,
        format!(
            "   //! Doc\t\r\n /// Tab\there\r\n{}\ntool x(a: \"\t//\", b: r\"\t\r\") {}\n   ",
            " ".repeat("////\tfour\r".len()),
            " ".repeat("// end\u{FEFF}\r".len()),
        )
    );
    // An unclosed string hides nothing: the grammar fails at its quote and
    // reads on from there.
    let text = "a: \"open // c\nb: r#\"x // d\n";
    let masked = scan::grammar_text(text, &scan::outline(0, text).blanked).unwrap_or_default();
    assert_eq!(masked, "a: \"open     \nb: r#\"x     \n");
    // Nothing to mask: the grammar reads the source itself.
    assert_eq!(
        scan::grammar_text(
            "tool x(a: int)\n",
            &scan::outline(0, "tool x(a: int)\n").blanked
        ),
        None
    );
}
