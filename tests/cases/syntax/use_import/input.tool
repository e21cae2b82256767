package design;

use "common.tool";
use "./sub/shapes.tool";

/// Move a node.
tool move_node(
    /// Node to move.
    id: NodeId,
    /// Where to.
    to: Point,
) -> bool;
