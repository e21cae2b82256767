//! W0005 (more core tools in a package than `max_core_tools`, 30 by default)
//! and W0006 (the core tier's schemas exceed `core_token_budget`, 8,000 by
//! default).
//!
//! Every core tool is sent to the model on every turn, so the core tier's
//! size is paid again and again. W0006 measures it as `toolc stats` does:
//! each core tool's entry in the `openai`, `anthropic` and `gemini` outputs
//! (their default forms; [`IN_CONTEXT`] says why not the MCP `Tool`
//! object), as compact JSON, counted with [`crate::tokens::count`]; the
//! heaviest of the three is held to the budget.

use super::Cx;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Program, Tier, Tool};
use crate::schema::documents::sent::{Forms, IN_CONTEXT, sent_documents};
use crate::target::Target;
use crate::tokens;

pub fn run(cx: &mut Cx<'_>) {
    let max_core = cx.options.thresholds.max_core_tools;
    let budget = cx.options.thresholds.core_token_budget;
    let mut found = Vec::new();
    for package in cx.program.packages.values() {
        let core: Vec<&Tool> = package
            .tools
            .values()
            .filter(|t| t.tier == Tier::Core)
            .collect();
        let allows: Vec<&[String]> = core.iter().map(|t| t.allow.as_slice()).collect();
        if let Some(extra) = core.get(max_core) {
            found.push((
                allows.clone(),
                Diagnostic::new(
                    codes::TOO_MANY_CORE,
                    extra.name_span,
                    format!(
                        "package `{}` has {} core tools, more than {max_core}",
                        package.name,
                        core.len()
                    ),
                )
                .with_label(format!("core tool number {}", max_core + 1))
                .with_help("mark the tools a model needs less often `@extended`"),
            ));
        }
        // Measuring the tier is the costly part (every provider's documents,
        // and maybe the tokenizer's table): not for a lint nobody sees.
        let silenced = super::allow::allows(&cx.options.allow, codes::CORE_TOKEN_BUDGET)
            || allows
                .iter()
                .any(|scope| super::allow::allows(scope, codes::CORE_TOKEN_BUDGET));
        if silenced {
            continue;
        }
        if let Some(d) = over_budget(cx.program, &package.name, &core, budget) {
            found.push((allows, d));
        }
    }
    for (allows, d) in found {
        cx.lint(&allows, d);
    }
}

/// W0006 for the core tools `core` of `package`, when the heaviest
/// provider's documents of them take more than `budget` tokens.
fn over_budget(
    program: &Program,
    package: &str,
    core: &[&Tool],
    budget: usize,
) -> Option<Diagnostic> {
    let first = core.first()?;
    let texts = crate::parallel::map(core, 4, |tool| {
        sent_documents(program, tool, Forms::default()).texts
    });
    // Only a tier that could be over the budget is counted (`heaviest`).
    let (provider, tokens) = heaviest(&texts, budget)?;
    let how = if tokens::EXACT { "" } else { "about " };
    let mut d = Diagnostic::new(
        codes::CORE_TOKEN_BUDGET,
        first.name_span,
        format!(
            "the core tools of package `{package}` take {how}{tokens} tokens as {provider} tools, over the budget of {budget}",
        ),
    )
    .with_label("first core tool")
    .with_help("move rarely used tools to `@extended`, or shorten their schemas; `toolc stats` shows the heaviest");
    if !tokens::EXACT {
        d = d.with_note(
            "an estimate of a token per 4 bytes: this toolc was built without its `tokens` feature",
        );
    }
    Some(d)
}

/// The most tokens a byte of a tool's JSON is taken to cost: one per two
/// bytes, above every document measured, real or made dense on purpose
/// (benches/README.md, "No tokenizer table unless W0006 can fire"). So a
/// tier of at most twice the budget in bytes is taken to be within it
/// without counting: counting needs the tokenizer's table, which costs
/// more than the rest of a `check` of 200 tools.
const BYTES_PER_TOKEN_AT_LEAST: usize = 2;

/// The provider whose documents take the most tokens, and how many, when
/// that is over `budget`: of the [`IN_CONTEXT`] providers, the first on a
/// tie. Only providers whose documents could be over the budget (see
/// [`BYTES_PER_TOKEN_AT_LEAST`]) are counted.
fn heaviest(texts: &[[(Target, String); 4]], budget: usize) -> Option<(Target, usize)> {
    let mut best: Option<(Target, usize)> = None;
    for i in 0..4 {
        let provider = texts.first().map_or(Target::Mcp, |t| t[i].0);
        let bytes: usize = texts.iter().map(|t| t[i].1.len()).sum();
        let reachable = bytes / BYTES_PER_TOKEN_AT_LEAST > budget;
        if !IN_CONTEXT.contains(&provider) || !reachable {
            continue;
        }
        let tokens: usize = texts.iter().map(|t| tokens::count(&t[i].1)).sum();
        if tokens > budget && best.is_none_or(|(_, most)| tokens > most) {
            best = Some((provider, tokens));
        }
    }
    best
}
