//! `update_record` written directly with rmcp: `#[tool_router]` and
//! `#[tool]`, arguments as `Parameters<T>` (`T: Deserialize + JsonSchema`),
//! and the constraints of `benches/executor.tool` checked by hand in the
//! handler, as a server without toolc would.

use std::sync::LazyLock;

use regex::Regex;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Sort order of listed items.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Oldest first.
    #[default]
    Asc,
    /// Newest first.
    Desc,
}

/// A rectangle in canvas coordinates.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Bounds {
    /// Left edge in pixels.
    pub x: f64,
    /// Top edge in pixels.
    pub y: f64,
    /// Width in pixels.
    #[schemars(range(min = 0))]
    pub width: f64,
    /// Height in pixels.
    #[schemars(range(min = 0))]
    pub height: f64,
}

/// Arguments of `update_record`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateRecord {
    /// Record identifier such as "12:34".
    #[schemars(regex(pattern = r"^[0-9]+:[0-9]+$"))]
    pub id: String,
    /// Display name of the record.
    #[schemars(length(min = 1, max = 120))]
    pub name: String,
    /// Position in the list, starting at zero.
    #[serde(default)]
    #[schemars(range(min = 0, max = 10000))]
    pub position: i64,
    /// Sort order of the result.
    #[serde(default)]
    pub order: Order,
    /// Labels to attach.
    #[schemars(length(max = 10))]
    pub tags: Option<Vec<String>>,
    /// Where the record sits on the canvas.
    pub bounds: Option<Bounds>,
}

/// The outcome of a generated operation.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Outcome {
    /// Identifier of the affected record.
    pub id: String,
    /// How many records changed.
    pub changed: i64,
}

static ID: LazyLock<Regex> =
    LazyLock::new(|| Regex::new("^[0-9]+:[0-9]+$").expect("a valid pattern"));

/// Whether `text` has `min..=max` characters.
fn chars_within(text: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&text.chars().count())
}

impl UpdateRecord {
    /// The checks `benches/executor.tool` declares that serde does not make.
    fn check(&self) -> Result<(), String> {
        if !ID.is_match(&self.id) {
            return Err("id: does not match ^[0-9]+:[0-9]+$".into());
        }
        if !chars_within(&self.name, 1, 120) {
            return Err("name: must have 1 to 120 characters".into());
        }
        if !(0..=10_000).contains(&self.position) {
            return Err("position: must be from 0 to 10000".into());
        }
        if let Some(tags) = &self.tags {
            if tags.len() > 10 {
                return Err("tags: at most 10 items".into());
            }
            if !tags.iter().all(|t| chars_within(t, 1, 40)) {
                return Err("tags: each must have 1 to 40 characters".into());
            }
        }
        if let Some(b) = &self.bounds
            && !(b.width >= 0.0 && b.height >= 0.0)
        {
            return Err("bounds: width and height must be at least 0".into());
        }
        Ok(())
    }
}

/// The server: one tool, routed by rmcp's macros.
#[derive(Debug, Clone)]
pub struct Direct {
    tool_router: ToolRouter<Self>,
}

impl Default for Direct {
    fn default() -> Self {
        Direct {
            tool_router: Self::tool_router(),
        }
    }
}

#[tool_router(router = tool_router)]
impl Direct {
    /// Update a record with the given values and report the outcome.
    #[tool(name = "update_record")]
    async fn update_record(
        &self,
        Parameters(args): Parameters<UpdateRecord>,
    ) -> Result<Json<Outcome>, String> {
        args.check()?;
        Ok(Json(Outcome {
            id: args.id,
            changed: 1,
        }))
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Direct {}
