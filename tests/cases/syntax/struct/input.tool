/// A node's id, name and kind.
struct NodeSummary {
    id: string,
    name: string,
    /// FRAME, TEXT, RECTANGLE, ...
    kind: string,
    parent?: string,
    children: [NodeSummary] = [],
    @deprecated("use name") label?: string | null,
}

struct Empty {}

/// Other keys are kept.
@open struct Filter { id: string }
