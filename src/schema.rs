//! The single IR -> JSON Schema (2020-12) lowering every JSON target reuses.
