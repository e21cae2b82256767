//! The report as a table for people: one row per tool with its tokens and
//! bytes per provider, the tier totals and the total, each package's core
//! tier against the budget, then the heaviest tools and parameters.

use std::fmt::Write as _;

use super::{Report, Size, Sizes};

/// `report` as text, ending in a line break.
pub fn render(report: &Report) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header = vec!["tool".to_string(), "package".into(), "tier".into()];
    header.extend(report.providers.iter().map(|p| p.to_string()));
    rows.push(header);
    for tool in &report.tools {
        let mut row = vec![
            tool.name.clone(),
            tool.package.clone(),
            tool.tier.to_string(),
        ];
        row.extend(cells(&tool.providers));
        rows.push(row);
    }
    let totals = report
        .tiers
        .iter()
        .map(|(tier, t)| (format!("{tier} tier"), t))
        .chain([("total".to_string(), &report.total)]);
    let first_total = rows.len();
    for (label, t) in totals {
        let mut row = vec![label, String::new(), format!("{} tools", t.tools)];
        row.extend(cells(&t.providers));
        rows.push(row);
    }
    let mut out = format!(
        "tokens ({}) and, in parentheses, bytes of each tool as each provider receives it\n\n",
        report.tokenizer
    );
    table(&mut out, &rows, first_total);
    let _ = writeln!(
        out,
        "\ncore tier per package (budget: {} tokens, `core_token_budget`):",
        report.core_token_budget
    );
    for p in &report.packages {
        let tokens = p.providers.get(p.heaviest).map_or(0, |s| s.tokens);
        let verdict = if p.over_budget {
            "OVER the budget (W0006)"
        } else {
            "within the budget"
        };
        let _ = writeln!(
            out,
            "  {}: {} core tools, {tokens} tokens as {} tools, {verdict}",
            p.package, p.core_tools, p.heaviest
        );
    }
    if !report.heaviest_tools.is_empty() {
        out.push_str("\nheaviest tools:\n");
        for (i, t) in report.heaviest_tools.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {}. {}.{} ({}): {} tokens, {} bytes as {} tools",
                i + 1,
                t.package,
                t.name,
                t.tier,
                t.tokens,
                t.bytes,
                t.provider
            );
        }
    }
    if !report.heaviest_parameters.is_empty() {
        out.push_str("\nheaviest parameters (their schema in the MCP inputSchema):\n");
        for (i, p) in report.heaviest_parameters.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {}. {}.{}({}): {} tokens, {} bytes",
                i + 1,
                p.package,
                p.tool,
                p.parameter,
                p.tokens,
                p.bytes
            );
        }
    }
    out
}

fn cells(sizes: &Sizes) -> Vec<String> {
    sizes.values().map(cell).collect()
}

fn cell(size: &Size) -> String {
    format!("{} ({})", size.tokens, size.bytes)
}

/// Left-aligned text columns, right-aligned numbers, a rule under the
/// header and above the row `first_total`.
fn table(out: &mut String, rows: &[Vec<String>], first_total: usize) {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let rule = "-".repeat(widths.iter().sum::<usize>() + 2 * columns.saturating_sub(1));
    for (i, row) in rows.iter().enumerate() {
        if i == 1 || i == first_total {
            let _ = writeln!(out, "{rule}");
        }
        let mut line = String::new();
        for (c, text) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let width = widths[c];
            // The provider columns hold numbers.
            if c >= 3 {
                let _ = write!(line, "{text:>width$}");
            } else {
                let _ = write!(line, "{text:<width$}");
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}
