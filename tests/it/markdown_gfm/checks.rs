//! The checks of rendered rows and headings against what they must show.

use super::*;

pub(super) fn check_code_cell(problems: &mut Vec<String>, what: &str, cell: &Cell, expected: &str) {
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

pub(super) fn check_row(
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
pub(super) fn check_headings(problems: &mut Vec<String>, doc: &Doc, headings: &[(String, String)]) {
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
pub(super) fn spaced(text: &str) -> String {
    text.split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn check_doc(
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
