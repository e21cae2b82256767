//! The registry of diagnostic codes. Codes are stable: once published, a code
//! keeps its meaning. `E` codes are errors, `W` codes are lints (warnings that
//! can be allowed per item with `@allow(CODE)` or per run with `--allow CODE`,
//! and turned into errors with `--deny warnings`).
//!
//! The long explanation of each code lives in `explain/<CODE>.md` and is what
//! `toolc explain CODE` prints.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Code(pub &'static str);

impl Code {
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

pub struct CodeInfo {
    pub code: Code,
    /// A snake_case name, accepted wherever a code is (`@allow(missing_doc)`).
    pub name: &'static str,
    pub severity: Severity,
    pub title: &'static str,
    pub explanation: &'static str,
}

macro_rules! codes {
    ($( $konst:ident = $code:literal, $name:literal, $sev:ident, $title:literal; )*) => {
        $( pub const $konst: Code = Code($code); )*
        pub static CODES: &[CodeInfo] = &[
            $( CodeInfo {
                code: Code($code),
                name: $name,
                severity: Severity::$sev,
                title: $title,
                explanation: include_str!(concat!("explain/", $code, ".md")),
            }, )*
        ];
    };
}

codes! {
    // Reading and parsing.
    SYNTAX = "E0001", "syntax", Error, "syntax error";
    NOT_UTF8 = "E0002", "not_utf8", Error, "source file is not valid UTF-8";
    TOO_DEEP = "E0003", "too_deep", Error, "nesting too deep";
    UNREADABLE = "E0004", "unreadable", Error, "source file cannot be read";
    TOO_LARGE = "E0005", "too_large", Error, "schema too large once named types are written out";
    // Names and imports.
    DUPLICATE_NAME = "E0101", "duplicate_name", Error, "name defined twice";
    UNKNOWN_NAME = "E0102", "unknown_name", Error, "unknown name";
    IMPORT_NOT_FOUND = "E0103", "import_not_found", Error, "imported file not found";
    IMPORT_CYCLE = "E0104", "import_cycle", Error, "import cycle";
    IMPORT_ESCAPES_ROOT = "E0105", "import_escapes_root", Error, "import leaves the project root";
    IMPORT_COLLISION = "E0106", "import_collision", Error, "imported name collides";
    DUPLICATE_PACKAGE = "E0107", "duplicate_package", Error, "two input files share a package";
    // Types, values and constraints.
    INVALID_DEFAULT = "E0201", "invalid_default", Error, "default does not match its type";
    INVALID_EXAMPLE = "E0202", "invalid_example", Error, "example does not match the tool's parameters";
    EMPTY_RANGE = "E0203", "empty_range", Error, "minimum greater than maximum";
    INVALID_PATTERN = "E0204", "invalid_pattern", Error, "invalid or unsupported regex";
    DUPLICATE_VARIANT = "E0205", "duplicate_variant", Error, "duplicate enum value";
    MISPLACED_CONSTRAINT = "E0206", "misplaced_constraint", Error, "constraint does not apply to this type";
    UNKNOWN_FORMAT = "E0207", "unknown_format", Error, "unknown string format";
    INVALID_UNION = "E0208", "invalid_union", Error, "invalid tagged union";
    INFINITE_TYPE = "E0209", "infinite_type", Error, "type contains itself with no way to end";
    INVALID_LITERAL_UNION = "E0210", "invalid_literal_union", Error, "literal union mixes strings and numbers";
    // Tool metadata.
    CONTRADICTORY_METADATA = "E0301", "contradictory_metadata", Error, "contradictory tool metadata";
    INVALID_ATTRIBUTE = "E0302", "invalid_attribute", Error, "unknown or malformed attribute";
    TARGET_NAME = "E0303", "target_name", Error, "name a requested target cannot carry";
    // Generation.
    TEMPLATE_ERROR = "E0401", "template_error", Error, "a target's template cannot be rendered";
    // The project file.
    INVALID_PROJECT_FILE = "E0501", "invalid_project_file", Error, "toolc.toml is not a valid project file";
    // `toolc import` (about the JSON input, not about .tool source).
    IMPORT_NOT_CARRIED = "I0001", "import_not_carried", Warning, "part of the imported JSON cannot be carried";
    IMPORT_UNREADABLE = "I0002", "import_unreadable", Error, "JSON cannot be read as tool definitions";
    // Lints.
    MISSING_DOC = "W0001", "missing_doc", Warning, "tool or parameter without a description";
    SHORT_DOC = "W0002", "short_doc", Warning, "description too short to help a model";
    NOT_SNAKE_CASE = "W0003", "not_snake_case", Warning, "tool name is not snake_case";
    NOT_VERB_FIRST = "W0004", "not_verb_first", Warning, "tool name does not start with a verb";
    TOO_MANY_CORE = "W0005", "too_many_core", Warning, "more than 30 core tools";
    CORE_TOKEN_BUDGET = "W0006", "core_token_budget", Warning, "core tools exceed the token budget";
    NESTED_PARAMS = "W0007", "nested_params", Warning, "nested object parameter where flat parameters would do";
    MISSING_EXAMPLE = "W0008", "missing_example", Warning, "tool with complex parameters and no example";
    NEGATIVE_BOOL = "W0009", "negative_bool", Warning, "boolean parameter named in the negative";
    UNDOCUMENTED_ERROR = "W0010", "undocumented_error", Warning, "declared error that no doc mentions";
    NOT_STRICT = "W0011", "not_strict", Warning, "tool cannot use OpenAI strict mode";
    UNSAFE_INTEGER = "W0012", "unsafe_integer", Warning, "integer bound beyond 2^53";
    UNGUARDED_DESTRUCTIVE = "W0013", "unguarded_destructive", Warning, "destructive tool without confirmation or high risk";
    MAP_PARAM = "W0014", "map_param", Warning, "map parameter where named fields would serve better";
    JSON_PARAM = "W0015", "json_param", Warning, "untyped json parameter";
    SCALAR_UNION = "W0016", "scalar_union", Warning, "union of scalar types";
    RECURSIVE_TYPE = "W0017", "recursive_type", Warning, "recursive type in a tool's parameters";
    DEPRECATED_USE = "W0018", "deprecated_use", Warning, "use of a deprecated item";
    UNKNOWN_ALLOW = "W0019", "unknown_allow", Warning, "@allow names no known lint";
    EMPTY_ENUM = "W0020", "empty_enum", Warning, "enum with no variants";
    OPEN_WORLD_NO_TIMEOUT = "W0021", "open_world_no_timeout", Warning, "open-world tool without a timeout";
    UNDOCUMENTED_CONFIRM = "W0022", "undocumented_confirm", Warning, "confirmed tool whose description does not say so";
    RATE_LIMIT_NO_RETRY = "W0023", "rate_limit_no_retry", Warning, "rate-limited tool with no retryable error";
    VAGUE_VERB = "W0024", "vague_verb", Warning, "tool name starts with a vague verb";
    FLOAT_MULTIPLE = "W0025", "float_multiple", Warning, "default or example that float validators find not a multiple";
    GEMINI_JSON_SCHEMA = "W0026", "gemini_json_schema", Warning, "tool cannot use Gemini's parameters Schema";
    OPEN_STRICT = "W0027", "open_strict", Warning, "open struct or tool that OpenAI strict mode closes";
    STRAY_SEMICOLON = "W0028", "stray_semicolon", Warning, "needless `;` after an example";
    BAD_SUGGESTION = "W0029", "bad_suggestion", Warning, "empty or repeated suggestion in a declared error";
    TASK_REQUIRED = "W0030", "task_required", Warning, "tool that requires MCP tasks, which toolc's servers do not run";
}

/// Looks a code up by its code (`W0001`) or its name (`missing_doc`).
pub fn lookup(code_or_name: &str) -> Option<&'static CodeInfo> {
    let wanted = code_or_name.trim();
    CODES
        .iter()
        .find(|c| c.code.as_str().eq_ignore_ascii_case(wanted) || c.name == wanted)
}
