package beta;
use "sub/shared.tool";
/// Beta tool.
tool beta(id: Shared) -> bool;
