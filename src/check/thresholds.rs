//! The numbers and word lists lints compare against. Each has a default
//! (the documented threshold of its lint); a project's `toolc.toml` or a
//! build script's `Config` may change them.

/// What the threshold lints measure against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thresholds {
    /// W0002: the fewest characters of a tool description.
    pub tool_min_chars: usize,
    /// W0002: the fewest words of a tool description.
    pub tool_min_words: usize,
    /// W0002: the fewest characters of a parameter or field description.
    pub param_min_chars: usize,
    /// W0005: the most core tools a package may have.
    pub max_core_tools: usize,
    /// W0006: the most tokens the core tools of a package may take.
    pub core_token_budget: usize,
    /// W0008: the most parameters a tool without an example may have.
    pub max_simple_params: usize,
    /// W0004: verbs accepted beside the built-in list (a project's own
    /// vocabulary, such as `frobnicate`).
    pub extra_verbs: Vec<String>,
    /// W0004: prefixes a tool name may start with before its verb, such as
    /// `acme_crm` for `acme_crm_get_contact`. Any single word is already
    /// accepted as a namespace; these may span several words.
    pub namespaces: Vec<String>,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            tool_min_chars: 25,
            tool_min_words: 4,
            param_min_chars: 4,
            max_core_tools: 30,
            core_token_budget: 8_000,
            max_simple_params: 5,
            extra_verbs: Vec::new(),
            namespaces: Vec::new(),
        }
    }
}
