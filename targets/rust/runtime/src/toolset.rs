//! The object-safe face of a generated package's tools, which an executor
//! runs calls through.

use std::future::Future;
use std::pin::Pin;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::{CallContext, ToolDescriptor, ToolError};

/// The future a [`Toolset`] returns: the tool's output as JSON (not
/// wrapped), or its error.
pub type ToolFuture<'a> = Pin<Box<dyn Future<Output = Result<Value, ToolError>> + Send + 'a>>;

/// A package's tools behind one object-safe interface. Generated code
/// implements it for `<Package>Toolset<T>` over any implementation `T` of
/// the package's tools trait; a host may implement it by hand too.
pub trait Toolset: Send + Sync {
    /// The descriptors of the tools, in definition order.
    fn tools(&self) -> &'static [ToolDescriptor];

    /// Runs tool `name` (a wire name of `tools()`) with `args`, which the
    /// caller has already validated against the tool's argument table
    /// (defaults applied). Returns the output as it is, not wrapped.
    ///
    /// The arguments are lent: the executor's log keeps them, so a
    /// handler's typed arguments are decoded from them (see
    /// [`decode_args`]) rather than from a copy.
    fn invoke(&self, name: &str, args: &Value, ctx: CallContext) -> ToolFuture<'_>;
}

/// Decodes arguments the executor has already validated into a tool's
/// argument type. Never panics.
pub fn decode_args<T: DeserializeOwned>(args: &Value) -> Result<T, ToolError> {
    T::deserialize(args)
        .map_err(|e| ToolError::internal(format!("validated arguments did not decode: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct Args {
        n: i64,
    }

    #[test]
    fn arguments_decode_or_fail_as_internal() {
        let args: Result<Args, _> = decode_args(&serde_json::json!({"n": 3}));
        assert_eq!(args.ok(), Some(Args { n: 3 }));
        let args: Result<Args, _> = decode_args(&serde_json::json!({"n": "3"}));
        assert_eq!(args.err().map(|e| e.code), Some("internal".to_string()));
    }
}
