//! The Markdown docs read by a real GFM renderer: cmark-gfm, GitHub's own,
//! through the Python package `cmarkgfm` (installed into `target/test-venv`
//! by the test; `TOOLC_SKIP_PYTHON=1` skips it, a failed install fails it).
//!
//! GFM splits a table row on pipes before it parses anything inline, and
//! drops the backslash of `\|` even inside a code span, so escaping text for
//! a table cell is easy to get subtly wrong. For every table row of every
//! package's docs this checks that each cell shows what it was made from:
//! the name, type and default exactly (the text of their `<code>`), the
//! constraints and each part of the description (doc, title, deprecation
//! note) as the same Markdown renders alone, outside a table, regexes as
//! written and examples as their JSON text. A cell that was split off or
//! merged shifts its row, so no row can lose a cell unnoticed (cmark-gfm
//! drops cells past the header's six).

mod checks;
mod expected;

use crate::common;

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use serde::Deserialize;
use toolc::internal::ir::{Field, Format, Program, Tier, Ty, TyKind, TypeDefKind};
use toolc::internal::targets::{OpenAiApi, Target};

use checks::*;
use expected::*;

/// Reads `{"docs": [md], "paras": [md]}` and prints, for each document, its
/// tables (with the `h2` and `h3` above each, and the items of a list right
/// after one: what its cells moved below it) and its `h3` headings (with
/// the `h2` above each), and, for each paragraph, the
/// paragraph rendered after `x ` (so that it cannot open a list, heading or
/// quote) with that prefix removed. Every cell and paragraph is given as
/// its inner HTML, its text (tags removed, entities decoded) and the texts
/// of its `<code>` elements.
const RENDER_PY: &str = r#"
import html, json, re, sys
import cmarkgfm

TAG = re.compile(r"<[^>]*>")
CODE = re.compile(r"<code>(.*?)</code>", re.S)
BLOCK = re.compile(
    r"<h2>(.*?)</h2>|<h3>(.*?)</h3>|<table>(.*?)</table>\s*(?:<ul>(.*?)</ul>)?", re.S
)
ITEM = re.compile(r"<li>(.*?)</li>", re.S)
ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
CELL = re.compile(r"<t[hd](?: [^>]*)?>(.*?)</t[hd]>", re.S)

def render(md):
    return cmarkgfm.github_flavored_markdown_to_html(md)

def cell(inner):
    return {
        "html": inner,
        "text": html.unescape(TAG.sub("", inner)),
        "codes": [html.unescape(c) for c in CODE.findall(inner)],
    }

def tables(md):
    out, h2, h3 = [], "", ""
    for m in BLOCK.finditer(render(md)):
        if m.group(1) is not None:
            h2 = cell(m.group(1))["text"]
        elif m.group(2) is not None:
            h3 = cell(m.group(2))["text"]
        else:
            rows = [[cell(c) for c in CELL.findall(r)] for r in ROW.findall(m.group(3))]
            notes = [cell(i) for i in ITEM.findall(m.group(4) or "")]
            out.append({"h2": h2, "h3": h3, "rows": rows, "notes": notes})
    return out

def headings(md):
    out, h2 = [], ""
    for m in BLOCK.finditer(render(md)):
        if m.group(1) is not None:
            h2 = cell(m.group(1))["text"]
        elif m.group(2) is not None:
            out.append([h2, cell(m.group(2))["text"]])
    return out

def para(md):
    out = render("x " + md)
    if out.startswith("<p>x ") and out.endswith("</p>\n"):
        out = out[len("<p>x "):-len("</p>\n")]
    return cell(out)

job = json.load(sys.stdin)
json.dump({
    "docs": [tables(d) for d in job["docs"]],
    "headings": [headings(d) for d in job["docs"]],
    "paras": [para(p) for p in job["paras"]],
}, sys.stdout)
"#;

const HEADER: [&str; 6] = [
    "Name",
    "Type",
    "Required",
    "Default",
    "Constraints",
    "Description",
];

#[derive(Deserialize, Debug, Clone)]
struct Cell {
    html: String,
    text: String,
    codes: Vec<String>,
}

#[derive(Deserialize, Debug)]
struct Table {
    h2: String,
    h3: String,
    rows: Vec<Vec<Cell>>,
    /// The list right after the table: `- Constraints of `name`: ...`
    /// for each cell that says "See below.".
    notes: Vec<Cell>,
}

/// What a cell says when the docs moved its text below the table, so that
/// no pipe in it needs a backslash.
const SEE_BELOW: &str = "See below.";

impl Table {
    /// A row with each moved cell replaced by its note, as a cell: the
    /// note's text after `{column} of `{name}`: `, its code spans but the
    /// name's.
    fn resolved(&self, row: &[Cell]) -> Result<Vec<Cell>, String> {
        let name = row.first().map(|c| c.text.clone()).unwrap_or_default();
        let mut out = row.to_vec();
        for (column, cell) in out.iter_mut().enumerate().skip(1) {
            if cell.text != SEE_BELOW {
                continue;
            }
            let prefix = format!("{} of {name}: ", HEADER[column]);
            let note = self
                .notes
                .iter()
                .find(|n| n.text.starts_with(&prefix))
                .ok_or_else(|| format!("`{name}`: no note {prefix:?} under the table"))?;
            let html_prefix = format!("{} of <code>", HEADER[column]);
            let html = note
                .html
                .strip_prefix(&html_prefix)
                .and_then(|rest| rest.split_once("</code>: "))
                .map(|(_, rest)| rest.to_string())
                .ok_or_else(|| format!("`{name}`: the note {:?} is not as written", note.html))?;
            *cell = Cell {
                html,
                text: note.text[prefix.len()..].to_string(),
                codes: note.codes[1..].to_vec(),
            };
        }
        Ok(out)
    }
}

#[derive(Deserialize)]
struct Rendered {
    docs: Vec<Vec<Table>>,
    /// Each document's `h3` headings, with the `h2` above each.
    headings: Vec<Vec<(String, String)>>,
    paras: Vec<Cell>,
}

/// Every error-free case of every suite, `tests/cases/targets/pipes` (text
/// written to trip the escaping) and the bundled examples among them.
#[test]
fn every_table_cell_renders_as_written_in_gfm() {
    let Some(python) = common::python::venv_python(&["cmarkgfm"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the GFM rendering check");
        return;
    };
    let inputs = common::error_free_inputs();
    for needed in ["targets/pipes", "targets/markup", "examples/design.tool"] {
        assert!(
            inputs.iter().any(|p| p.to_string_lossy().contains(needed)),
            "{needed} is not among the inputs"
        );
    }
    let docs: Vec<Doc> = inputs.iter().flat_map(|i| docs_of(i)).collect();
    let mut paras = BTreeSet::new();
    for doc in &docs {
        for fields in &doc.tools {
            paragraphs(fields, &mut paras);
        }
        for (_, _, fields) in &doc.types {
            paragraphs(fields, &mut paras);
        }
    }
    let paras: Vec<String> = paras.into_iter().collect();
    let job = serde_json::json!({
        "docs": docs.iter().map(|d| &d.markdown).collect::<Vec<_>>(),
        "paras": paras,
    });
    let out = common::python::run_script(&python, RENDER_PY, &job, "cmarkgfm could not render");
    let rendered: Rendered = serde_json::from_str(&out).expect("the renderer's JSON");
    let by_text: HashMap<&str, &Cell> = paras
        .iter()
        .map(String::as_str)
        .zip(&rendered.paras)
        .collect();
    let mut problems = Vec::new();
    let mut rows = 0;
    for ((doc, tables), headings) in docs.iter().zip(&rendered.docs).zip(&rendered.headings) {
        check_doc(&mut problems, doc, tables, &by_text);
        check_headings(&mut problems, doc, headings);
        rows += tables.iter().map(|t| t.rows.len()).sum::<usize>();
    }
    assert!(rows > 100, "only {rows} table rows rendered");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The cells of `tests/cases/targets/pipes` as a reader must see them,
/// spelled out: what the general check derives, by hand.
#[test]
fn escaped_pipes_render_as_written() {
    let Some(python) = common::python::venv_python(&["cmarkgfm"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the GFM rendering check");
        return;
    };
    let input = Path::new("tests/cases/targets/pipes/input.tool");
    let files = common::generate(input, Target::Markdown, OpenAiApi::ChatCompletions);
    let job = serde_json::json!({ "docs": [&files[0].contents], "paras": [] });
    let out = common::python::run_script(&python, RENDER_PY, &job, "cmarkgfm could not render");
    let rendered: Rendered = serde_json::from_str(&out).expect("the renderer's JSON");
    let tables = &rendered.docs[0];
    let row = |table: usize, name: &str| -> Vec<Cell> {
        let row = tables[table].rows[1..]
            .iter()
            .find(|r| r[0].text == name)
            .unwrap_or_else(|| panic!("no row `{name}` in {:#?}", tables[table]));
        tables[table]
            .resolved(row)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    // Only a name (a cell that cannot move) keeps an escaped pipe: every
    // other cell with a pipe says "See below." and its text follows the
    // table as written.
    let rows = files[0].contents.lines().filter(|l| l.starts_with("| "));
    for line in rows.filter(|l| l.contains("\\|")) {
        let name_cell = line.split(" | ").next().unwrap_or_default();
        assert!(
            line.starts_with("| `") && !line[name_cell.len()..].contains("\\|"),
            "an escaped pipe outside a name: {line}"
        );
    }
    // Name, type, default, constraints and description code, as written.
    let cases: &[(usize, &str, usize, &[&str])] = &[
        (0, "escaped", 4, &[r"^a\|b$"]),
        (0, "escaped", 5, &[r"^a\|b$"]),
        (0, "alternation", 4, &["^(a|b)$"]),
        (0, "double", 3, &[r#""a\\|b""#]),
        (0, "double", 4, &[r"^a\\|b$"]),
        (0, "double", 5, &[r"\\|"]),
        (0, "trailing", 3, &[r#""a\\""#]),
        (0, "ticks", 3, &[r#""`|\\`""#]),
        (0, "ticks", 4, &[r"^[`|\\]+$"]),
        (0, "ticks", 5, &["a`|`b", "|"]),
        (0, "kind", 1, &[r#""a\\|b" | "c|d" | "e`f""#]),
        (0, "tags", 3, &[r#"{"k|":["x|y"]}"#]),
        (0, "tags", 4, &[r"^k\|\\|$", r"^x\|y$"]),
        (0, r"a|b\|c", 0, &[r"a|b\|c"]),
        (0, r"a|b\|c", 3, &[r#""\\|""#]),
        (1, "pattern", 5, &[r"^a\|b$", r"a\|b"]),
        (1, "other", 4, &[r"^\\\|$"]),
        (1, "other", 5, &[r"\|", r#""\\|""#]),
    ];
    let mut problems = Vec::new();
    for (table, name, column, codes) in cases {
        let cell = &row(*table, name)[*column];
        if cell.codes != *codes {
            problems.push(format!(
                "`{name}`, {}: code {:?}, not {codes:?} (HTML {:?})",
                HEADER[*column], cell.codes, cell.html
            ));
        }
    }
    // Prose: an escaped pipe is a pipe, an escaped backslash a backslash;
    // the examples as their JSON text.
    let texts: &[(usize, &str, &str)] = &[
        (
            0,
            "escaped",
            r"The regex ^a\|b$ matches a|b; in prose a|b is a pipe and a\|b a backslash and a pipe. Title: Escaped | pipe | title.",
        ),
        (0, "trailing", r"Ends with a backslash \"),
        (
            0,
            "samples",
            r#"Examples that Markdown reads as markup. Deprecated: use x\|y | or | z. Examples: "a\\|b", "__init__.py", "src/**/*.rs", "say \"hi\"", "plain|pipe"."#,
        ),
        (0, "list", r#"An array example. Examples: ["a|b","c\\|d"]."#),
        (
            1,
            "ticks",
            r#"Backticks around a pipe. Examples: "`|`", "a\\"."#,
        ),
        (
            1,
            "loose",
            r#"An unclosed `tick | in the doc, and ``two. Title: A title with `one. Deprecated: use ticks|. Examples: "x_|"."#,
        ),
    ];
    for (table, name, text) in texts {
        let cell = &row(*table, name)[5];
        if cell.text != *text {
            problems.push(format!(
                "`{name}`, description: {:?}, not {text:?} (HTML {:?})",
                cell.text, cell.html
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
