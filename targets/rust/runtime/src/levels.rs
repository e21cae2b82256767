//! A tool's tier and risk, typed: the descriptors hold them, the executor
//! filters and gates on them, and the compiler writes them into generated
//! code. Always compiled, so code generated without the executor has them.

use serde::{Deserialize, Serialize};

/// A tool's tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    /// `core`: always offered to the model.
    #[default]
    Core,
    /// `extended`: offered on demand.
    Extended,
}

impl Tier {
    /// The word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Core => "core",
            Tier::Extended => "extended",
        }
    }

    /// The tier a word names, if any.
    pub fn from_word(word: &str) -> Option<Tier> {
        match word {
            "core" => Some(Tier::Core),
            "extended" => Some(Tier::Extended),
            _ => None,
        }
    }
}

/// A tool's risk, in increasing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Risk {
    /// `low`.
    Low,
    /// `medium`.
    Medium,
    /// `high`.
    High,
    /// `critical`.
    Critical,
}

impl Risk {
    /// The risk a word names; an unknown word is taken as the highest, so
    /// it is never let through by mistake.
    pub fn parse(word: &str) -> Risk {
        Risk::from_word(word).unwrap_or(Risk::Critical)
    }

    /// The risk a word names, if any.
    pub fn from_word(word: &str) -> Option<Risk> {
        match word {
            "low" => Some(Risk::Low),
            "medium" => Some(Risk::Medium),
            "high" => Some(Risk::High),
            "critical" => Some(Risk::Critical),
            _ => None,
        }
    }

    /// The word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Risk::Low => "low",
            Risk::Medium => "medium",
            Risk::High => "high",
            Risk::Critical => "critical",
        }
    }
}

impl std::fmt::Display for Tier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Display for Risk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn risks_are_ordered_and_unknown_words_are_critical() {
        assert!(Risk::parse("low") < Risk::parse("medium"));
        assert!(Risk::parse("high") < Risk::parse("critical"));
        assert_eq!(Risk::parse("odd"), Risk::Critical);
        assert_eq!(Risk::from_word("odd"), None);
        assert_eq!(Risk::Medium.as_str(), "medium");
        assert_eq!(Tier::Extended.to_string(), "extended");
        assert_eq!(Tier::from_word("core"), Some(Tier::Core));
        assert_eq!(Tier::from_word("CORE"), None);
    }

    #[test]
    fn they_serialize_as_their_words() {
        let text = serde_json::to_string(&(Tier::Extended, Risk::High)).unwrap_or_default();
        assert_eq!(text, r#"["extended","high"]"#);
    }
}
