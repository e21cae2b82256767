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

use crate::common;

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use serde::Deserialize;
use toolc::ir::{Field, Format, Program, Tier, Ty, TyKind, TypeDefKind};
use toolc::targets::{OpenAiApi, Target};

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

/// What a field's row must show, worked out from the IR.
struct Expected {
    name: String,
    ty: String,
    required: &'static str,
    /// The default's JSON text.
    default: Option<String>,
    /// The constraints' Markdown, when worded straight from the type (a
    /// field with `@schema` keywords words its lowered schema instead).
    constraints: Option<String>,
    /// Every regex the constraints must show.
    patterns: BTreeSet<String>,
    /// The description's prose, in the parts it is joined from: doc,
    /// title, deprecation, sensitivity. Each must show as it does alone.
    prose: Vec<String>,
    /// The examples' JSON texts.
    examples: Vec<String>,
}

fn one_line(text: &str) -> String {
    text.replace("\r\n", " ").replace(['\r', '\n'], " ")
}

fn expected(program: &Program, field: &Field) -> Expected {
    let mut prose: Vec<String> = field.doc.iter().cloned().collect();
    if let Some(title) = &field.title {
        prose.push(format!("Title: {title}."));
    }
    if let Some(dep) = &field.deprecated {
        match &dep.note {
            Some(note) => prose.push(format!("Deprecated: {note}.")),
            None => prose.push("Deprecated.".into()),
        }
    }
    if field.secret {
        prose.push("Sensitive.".into());
    }
    let mut patterns = BTreeSet::new();
    collect_patterns(program, &field.ty, &mut patterns);
    Expected {
        name: field.name.clone(),
        ty: program.type_text(&field.ty),
        required: if field.is_required() { "yes" } else { "no" },
        default: field.default.as_ref().map(|d| json(&d.value)),
        constraints: field
            .extra
            .is_empty()
            .then(|| toolc::schema::constraints::type_constraints(program, &field.ty)),
        patterns,
        prose: prose
            .iter()
            .map(|p| one_line(p.trim()))
            .filter(|p| !p.is_empty())
            .collect(),
        examples: field.examples.iter().map(|e| json(&e.value)).collect(),
    }
}

fn json(value: &serde_json::Value) -> String {
    serde_json::to_string(value).expect("JSON")
}

/// The regexes of `ty`, its items, values, members and aliases (the code
/// spans its constraints show).
fn collect_patterns(program: &Program, ty: &Ty, out: &mut BTreeSet<String>) {
    for p in [&ty.constraints.pattern, &ty.constraints.key_pattern]
        .into_iter()
        .flatten()
    {
        out.insert(p.source.clone());
    }
    // A color is worded, not shown as its pattern: its code spans are the
    // sentence's examples.
    if ty.constraints.format == Some(Format::Color) {
        out.extend(
            [
                "#1e90ff",
                "#1e90ff80",
                "rgb(30 144 255)",
                "hsl(210deg 100% 56%)",
            ]
            .map(String::from),
        );
    }
    match &ty.kind {
        TyKind::Array { items } => collect_patterns(program, items, out),
        TyKind::Map { values } => collect_patterns(program, values, out),
        TyKind::Union { members } => {
            for m in members {
                collect_patterns(program, m, out);
            }
        }
        TyKind::Named { key } => {
            if let Some(TypeDefKind::Alias { target }) = program.type_def(key).map(|d| &d.kind) {
                collect_patterns(program, target, out);
            }
        }
        _ => {}
    }
}

/// Markdown whose rendering in a cell differs from a paragraph's on
/// purpose: raw HTML and entities are made inert in cells.
fn has_html(md: &str) -> bool {
    md.contains(['<', '&'])
}

/// One package's docs and the fields its tables show.
struct Doc {
    label: String,
    markdown: String,
    /// The names of the tools, in the document's order.
    tool_names: Vec<String>,
    /// The fields of the tool tables, in order (tools without parameters
    /// have none).
    tools: Vec<Vec<Expected>>,
    /// Type tables, by type name and package.
    types: Vec<(String, String, Vec<Expected>)>,
    /// The name and package of every type of the program.
    type_names: Vec<(String, String)>,
}

fn docs_of(input: &Path) -> Vec<Doc> {
    let analysis = common::analyze(input);
    let program = &analysis.program;
    let files = common::generate(input, Target::Markdown, OpenAiApi::ChatCompletions);
    let mut docs = Vec::new();
    for file in files {
        let package = file.name.trim_end_matches(".md");
        let package = &program.packages[package];
        // In the document's order: core tools, then extended ones.
        let in_order: Vec<_> = [Tier::Core, Tier::Extended]
            .iter()
            .flat_map(|tier| package.tools.values().filter(move |t| t.tier == *tier))
            .collect();
        let tool_names = in_order.iter().map(|t| t.name.clone()).collect();
        let tools = in_order
            .iter()
            .filter(|t| !t.params.is_empty())
            .map(|t| t.params.values().map(|f| expected(program, f)).collect())
            .collect();
        let types = program
            .types
            .values()
            .filter_map(|def| match &def.kind {
                TypeDefKind::Struct { fields } if !fields.is_empty() => {
                    let fields = fields.values().map(|f| expected(program, f)).collect();
                    Some((def.name.clone(), def.package.clone(), fields))
                }
                _ => None,
            })
            .collect();
        docs.push(Doc {
            label: format!("{} ({})", input.display(), file.name),
            markdown: file.contents,
            tool_names,
            type_names: program
                .types
                .values()
                .map(|def| (def.name.clone(), def.package.clone()))
                .collect(),
            tools,
            types,
        });
    }
    docs
}

/// The paragraphs [`check_row`] compares cells with.
fn paragraphs(fields: &[Expected], out: &mut BTreeSet<String>) {
    for f in fields {
        out.extend(f.constraints.clone().filter(|c| !c.is_empty()));
        out.extend(f.prose.iter().cloned());
    }
}

fn check_code_cell(problems: &mut Vec<String>, what: &str, cell: &Cell, expected: &str) {
    // A union shows its members' code spans joined with "or".
    let union = cell.codes.len() > 1
        && cell.text == cell.codes.join(" or ")
        && cell.codes.join(" | ") == expected;
    if !union && (cell.codes != [expected] || cell.text != expected) {
        problems.push(format!(
            "{what}: shows {:?} (HTML {:?}), not the code {expected:?}",
            cell.text, cell.html
        ));
    }
}

fn check_row(
    problems: &mut Vec<String>,
    at: &str,
    row: &[Cell],
    f: &Expected,
    paras: &HashMap<&str, &Cell>,
) {
    let at = format!("{at}, field `{}`", f.name);
    if row.len() != HEADER.len() {
        problems.push(format!("{at}: a row of {} cells", row.len()));
        return;
    }
    check_code_cell(problems, &format!("{at}, name"), &row[0], &f.name);
    check_code_cell(problems, &format!("{at}, type"), &row[1], &f.ty);
    if row[2].html != f.required {
        problems.push(format!("{at}, required: {:?}", row[2].html));
    }
    match &f.default {
        Some(d) => check_code_cell(problems, &format!("{at}, default"), &row[3], d),
        None if !row[3].html.is_empty() => {
            problems.push(format!("{at}, default: {:?} for none", row[3].html));
        }
        None => {}
    }

    let cell = &row[4];
    let shown: BTreeSet<String> = cell.codes.iter().cloned().collect();
    if f.constraints.is_some() && shown != f.patterns {
        problems.push(format!(
            "{at}, constraints: regexes {shown:?}, not {:?}",
            f.patterns
        ));
    }
    match f.constraints.as_deref() {
        Some("") if !cell.html.is_empty() => {
            problems.push(format!("{at}, constraints: {:?} for none", cell.html));
        }
        Some(c) if !c.is_empty() => {
            let para = paras[c];
            let same = if has_html(c) {
                cell.codes == para.codes
            } else {
                cell.html == para.html
            };
            if !same {
                problems.push(format!(
                    "{at}, constraints: the cell shows {:?}, the Markdown {c:?} shows {:?}",
                    cell.html, para.html
                ));
            }
        }
        _ => {}
    }

    let cell = &row[5];
    let tail = if f.examples.is_empty() {
        String::new()
    } else {
        format!("Examples: {}.", f.examples.join(", "))
    };
    if f.prose.is_empty() {
        if cell.text != tail {
            problems.push(format!(
                "{at}, description: shows {:?}, not {tail:?}",
                cell.text
            ));
        }
        return;
    }
    let parts: Vec<&Cell> = f.prose.iter().map(|p| paras[p.as_str()]).collect();
    let joined = |each: fn(&Cell) -> &str| {
        let all: Vec<&str> = parts.iter().map(|c| each(c)).collect();
        spaced(&all.join(" "))
    };
    let (html, text) = (joined(|c| &c.html), joined(|c| &c.text));
    let prose_ok = if f.prose.iter().any(|p| has_html(p)) {
        let codes: Vec<String> = parts.iter().flat_map(|c| c.codes.clone()).collect();
        cell.codes.starts_with(&codes) && cell.text.ends_with(&tail)
    } else {
        spaced(&cell.html).starts_with(&html)
            && spaced(&cell.text) == format!("{text} {tail}").trim_end()
    };
    if !prose_ok {
        problems.push(format!(
            "{at}, description: the cell shows {:?} (text {:?}); its parts {:?} show {html:?}{}",
            cell.html,
            cell.text,
            f.prose,
            if tail.is_empty() {
                String::new()
            } else {
                format!(", then {tail:?}")
            }
        ));
    }
}

/// Each tool's heading shows its name as written (then its title, if it
/// has one), in order; each type's heading shows the name of a type.
fn check_headings(problems: &mut Vec<String>, doc: &Doc, headings: &[(String, String)]) {
    let (types, tools): (Vec<_>, Vec<_>) = headings.iter().partition(|(h2, _)| h2 == "Types");
    let shown: Vec<&str> = tools.iter().map(|(_, h3)| h3.as_str()).collect();
    let names_ok = shown.len() == doc.tool_names.len()
        && shown
            .iter()
            .zip(&doc.tool_names)
            .all(|(h3, name)| *h3 == name || h3.starts_with(&format!("{name} (")));
    if !names_ok {
        problems.push(format!(
            "{}: tool headings {shown:?} for the tools {:?}",
            doc.label, doc.tool_names
        ));
    }
    for (_, h3) in types {
        let known = doc
            .type_names
            .iter()
            .any(|(name, package)| *h3 == *name || *h3 == format!("{name} (package {package})"));
        if !known {
            problems.push(format!("{}: type heading {h3:?}", doc.label));
        }
    }
}

/// `text` with each run of spaces as one: parts are joined with a space,
/// and a doc may end in one.
fn spaced(text: &str) -> String {
    text.split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn check_doc(
    problems: &mut Vec<String>,
    doc: &Doc,
    tables: &[Table],
    paras: &HashMap<&str, &Cell>,
) {
    let mut tool_tables = 0;
    for table in tables {
        let at = format!("{}, table under {:?}", doc.label, table.h3);
        let Some((head, rows)) = table.rows.split_first() else {
            problems.push(format!("{at}: no rows"));
            continue;
        };
        let head: Vec<&str> = head.iter().map(|c| c.html.as_str()).collect();
        if head != HEADER {
            problems.push(format!("{at}: header {head:?}"));
            continue;
        }
        let fields = if table.h2 == "Types" {
            // Types of two packages may share a name: the one whose fields
            // the rows name.
            let named: Vec<&Vec<Expected>> = doc
                .types
                .iter()
                .filter(|(name, package, _)| {
                    table.h3 == *name || table.h3 == format!("{name} (package {package})")
                })
                .map(|(_, _, fields)| fields)
                .collect();
            let names: Vec<&str> = rows
                .iter()
                .filter_map(|r| r.first())
                .map(|c| c.text.as_str())
                .collect();
            named
                .iter()
                .find(|fields| {
                    fields
                        .iter()
                        .map(|f| f.name.as_str())
                        .eq(names.iter().copied())
                })
                .or(named.first())
                .copied()
        } else {
            tool_tables += 1;
            doc.tools.get(tool_tables - 1)
        };
        let Some(fields) = fields else {
            problems.push(format!("{at}: no tool or type of that name"));
            continue;
        };
        if rows.len() != fields.len() {
            problems.push(format!(
                "{at}: {} rows for {} fields",
                rows.len(),
                fields.len()
            ));
        }
        for (row, field) in rows.iter().zip(fields) {
            match table.resolved(row) {
                Ok(row) => check_row(problems, &at, &row, field, paras),
                Err(e) => problems.push(format!("{at}: {e}")),
            }
        }
    }
    if tool_tables != doc.tools.len() {
        problems.push(format!(
            "{}: {tool_tables} tool tables for {} tools with parameters",
            doc.label,
            doc.tools.len()
        ));
    }
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
