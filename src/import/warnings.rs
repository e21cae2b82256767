//! What an import could not carry, and where in the input it was.

/// One thing the `.tool` output does not carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The tool it belongs to (`None` for the document itself).
    pub tool: Option<String>,
    /// JSON pointer relative to the tool object, such as
    /// `/inputSchema/properties/labels/items/not`.
    pub pointer: String,
    /// JSON pointer from the document root (for locating it in the input).
    pub absolute: String,
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(t) = &self.tool {
            write!(f, "{t}: ")?;
        }
        // A warning about a whole tool (a second one of the same name) or
        // about the output as a whole (a declared type) has no place inside
        // the tool to point at.
        if !self.pointer.is_empty() {
            write!(f, "{}: ", self.pointer)?;
        }
        f.write_str(&self.message)
    }
}

#[derive(Debug, Default)]
pub struct Warnings {
    items: Vec<Warning>,
    base: String,
}

impl Warnings {
    /// Sets the pointer of the tool being read; later pointers are relative to it.
    pub fn set_base(&mut self, base: &str) {
        self.base = base.to_string();
    }

    pub fn push(&mut self, tool: Option<&str>, pointer: &str, message: &str) {
        let w = Warning {
            tool: tool.map(str::to_string),
            pointer: pointer.to_string(),
            absolute: format!("{}{pointer}", self.base),
            message: message.to_string(),
        };
        if !self.items.contains(&w) {
            self.items.push(w);
        }
    }

    pub fn into_vec(self) -> Vec<Warning> {
        self.items
    }
}
