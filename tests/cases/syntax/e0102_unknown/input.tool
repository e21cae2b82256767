struct NodeSummary { id: NodId }
union U by kind { a: Circl }
struct Circle { r: number }
/// Unknown names.
tool f(a: strng, b: NodeSumary, c: map, d: Zzzz) -> bool;
