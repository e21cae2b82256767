//! `toolc stats`: how much of a model's context each tool takes, per
//! provider, in bytes and in tokens.
//!
//! The bytes are those of the tool's entry in each provider target's output
//! ([`sent_documents`], the targets' own builders), as compact JSON; the
//! tokens are [`crate::tokens::count`] of the same text, the count lint W0006
//! uses. The report lists every tool, totals per tier and overall, each
//! package's core tier against the budget (as W0006 measures it: the
//! heaviest of the forms a model receives, [`IN_CONTEXT`]), the heaviest
//! tools by the same measure and the heaviest parameters (a parameter's
//! share: its property schema in the MCP `inputSchema`).

pub mod human;

use indexmap::IndexMap;
use serde::Serialize;

use crate::ir::{Program, Tier, Tool};
use crate::schema::Node;
use crate::schema::documents::sent::{Forms, IN_CONTEXT, PROVIDERS, sent_documents};
use crate::tokens;

/// How large one text is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Size {
    pub bytes: usize,
    pub tokens: usize,
}

impl Size {
    fn of(text: &str) -> Size {
        Size {
            bytes: text.len(),
            tokens: tokens::count(text),
        }
    }

    fn add(&mut self, other: Size) {
        self.bytes += other.bytes;
        self.tokens += other.tokens;
    }
}

/// A size per provider, keyed by target name (`mcp`, `openai`, ...), in
/// the order of [`PROVIDERS`].
pub type Sizes = IndexMap<&'static str, Size>;

fn empty_sizes() -> Sizes {
    PROVIDERS
        .iter()
        .map(|t| (t.as_str(), Size::default()))
        .collect()
}

fn add_sizes(total: &mut Sizes, more: &Sizes) {
    for (provider, size) in more {
        total.entry(provider).or_default().add(*size);
    }
}

/// Of the providers W0006 measures ([`IN_CONTEXT`]), the one with the
/// most tokens in `sizes`, the first one on a tie.
fn heaviest(sizes: &Sizes) -> (&'static str, Size) {
    let mut best: Option<(&'static str, Size)> = None;
    for (provider, size) in sizes {
        let measured = IN_CONTEXT.iter().any(|t| t.as_str() == *provider);
        if measured && best.is_none_or(|(_, most)| size.tokens > most.tokens) {
            best = Some((provider, *size));
        }
    }
    best.unwrap_or(("openai", Size::default()))
}

#[derive(Debug, Clone, Serialize)]
pub struct ToolStats {
    pub name: String,
    pub package: String,
    pub tier: &'static str,
    pub providers: Sizes,
}

#[derive(Debug, Clone, Serialize)]
pub struct Totals {
    pub tools: usize,
    pub providers: Sizes,
}

/// A package's core tier against `core_token_budget`, as W0006 measures it.
#[derive(Debug, Clone, Serialize)]
pub struct PackageCore {
    pub package: String,
    pub core_tools: usize,
    pub providers: Sizes,
    /// Of the providers W0006 measures (`openai`, `anthropic`, `gemini`),
    /// the one whose documents take the most tokens.
    pub heaviest: &'static str,
    pub over_budget: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct HeavyTool {
    pub name: String,
    pub package: String,
    pub tier: &'static str,
    /// Of the providers W0006 measures, the one it is heaviest in, and its
    /// size there.
    pub provider: &'static str,
    pub bytes: usize,
    pub tokens: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct HeavyParameter {
    pub tool: String,
    pub package: String,
    /// The property's name in the input schema.
    pub parameter: String,
    pub bytes: usize,
    pub tokens: usize,
}

/// The whole report, as `--message-format json` prints it.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub tokenizer: &'static str,
    pub core_token_budget: usize,
    pub providers: Vec<&'static str>,
    pub tools: Vec<ToolStats>,
    /// `core` and `extended`, both always present.
    pub tiers: IndexMap<&'static str, Totals>,
    pub total: Totals,
    pub packages: Vec<PackageCore>,
    pub heaviest_tools: Vec<HeavyTool>,
    pub heaviest_parameters: Vec<HeavyParameter>,
}

/// What a report is made with.
#[derive(Debug, Clone, Copy)]
pub struct StatsOptions {
    pub forms: Forms,
    pub core_token_budget: usize,
    /// How many heaviest tools and parameters to list.
    pub top: usize,
}

/// One tool's sizes and its parameters'.
struct Measured<'p> {
    tool: &'p Tool,
    package: &'p str,
    providers: Sizes,
    parameters: Vec<(String, Size)>,
}

fn measure<'p>(
    program: &'p Program,
    package: &'p str,
    tool: &'p Tool,
    forms: Forms,
) -> Measured<'p> {
    let documents = sent_documents(program, tool, forms);
    let providers = documents
        .texts
        .iter()
        .map(|(target, text)| (target.as_str(), Size::of(text)))
        .collect();
    let parameters = match documents.input.as_obj().and_then(|o| o.get("properties")) {
        Some(Node::Obj(properties)) => properties
            .iter()
            .map(|(name, schema)| (name.to_string(), Size::of(&schema.to_compact())))
            .collect(),
        _ => Vec::new(),
    };
    Measured {
        tool,
        package,
        providers,
        parameters,
    }
}

/// The report over the packages of `program`.
pub fn report(program: &Program, options: &StatsOptions) -> Report {
    let tools: Vec<(&str, &Tool)> = program
        .packages
        .values()
        .flat_map(|p| p.tools.values().map(move |t| (p.name.as_str(), t)))
        .collect();
    let measured = crate::parallel::map(&tools, 8, |(package, tool)| {
        measure(program, package, tool, options.forms)
    });
    let mut tiers: IndexMap<&'static str, Totals> = [Tier::Core, Tier::Extended]
        .into_iter()
        .map(|t| {
            (
                t.as_str(),
                Totals {
                    tools: 0,
                    providers: empty_sizes(),
                },
            )
        })
        .collect();
    let mut total = Totals {
        tools: 0,
        providers: empty_sizes(),
    };
    for m in &measured {
        if let Some(tier) = tiers.get_mut(m.tool.tier.as_str()) {
            tier.tools += 1;
            add_sizes(&mut tier.providers, &m.providers);
        }
        total.tools += 1;
        add_sizes(&mut total.providers, &m.providers);
    }
    Report {
        tokenizer: tokens::TOKENIZER,
        core_token_budget: options.core_token_budget,
        providers: PROVIDERS.iter().map(|t| t.as_str()).collect(),
        packages: package_cores(program, &measured, options.core_token_budget),
        heaviest_tools: heaviest_tools(&measured, options.top),
        heaviest_parameters: heaviest_parameters(&measured, options.top),
        tools: measured
            .iter()
            .map(|m| ToolStats {
                name: m.tool.name.clone(),
                package: m.package.to_string(),
                tier: m.tool.tier.as_str(),
                providers: m.providers.clone(),
            })
            .collect(),
        tiers,
        total,
    }
}

fn package_cores(program: &Program, measured: &[Measured<'_>], budget: usize) -> Vec<PackageCore> {
    program
        .packages
        .values()
        .filter(|package| !package.tools.is_empty())
        .map(|package| {
            let mut providers = empty_sizes();
            let mut core_tools = 0;
            for m in measured
                .iter()
                .filter(|m| m.package == package.name && m.tool.tier == Tier::Core)
            {
                core_tools += 1;
                add_sizes(&mut providers, &m.providers);
            }
            let (heaviest, size) = heaviest(&providers);
            PackageCore {
                package: package.name.clone(),
                core_tools,
                heaviest,
                over_budget: size.tokens > budget,
                providers,
            }
        })
        .collect()
}

fn heaviest_tools(measured: &[Measured<'_>], top: usize) -> Vec<HeavyTool> {
    let mut heavy: Vec<HeavyTool> = measured
        .iter()
        .map(|m| {
            let (provider, size) = heaviest(&m.providers);
            HeavyTool {
                name: m.tool.name.clone(),
                package: m.package.to_string(),
                tier: m.tool.tier.as_str(),
                provider,
                bytes: size.bytes,
                tokens: size.tokens,
            }
        })
        .collect();
    // Heaviest first; ties in source order (the sort is stable).
    heavy.sort_by_key(|h| std::cmp::Reverse((h.tokens, h.bytes)));
    heavy.truncate(top);
    heavy
}

fn heaviest_parameters(measured: &[Measured<'_>], top: usize) -> Vec<HeavyParameter> {
    let mut heavy: Vec<HeavyParameter> = measured
        .iter()
        .flat_map(|m| {
            m.parameters.iter().map(|(name, size)| HeavyParameter {
                tool: m.tool.name.clone(),
                package: m.package.to_string(),
                parameter: name.clone(),
                bytes: size.bytes,
                tokens: size.tokens,
            })
        })
        .collect();
    heavy.sort_by_key(|h| std::cmp::Reverse((h.tokens, h.bytes)));
    heavy.truncate(top);
    heavy
}
