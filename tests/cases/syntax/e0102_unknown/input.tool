struct NodeSummary { id: NodId }
union U by kind { a: Circl }
struct Circle { r: number }
/// Unknown names.
tool f(a: strng, b: NodeSumary, c: map, d: Zzzz) -> bool;
/// Type names of other languages.
tool g(a: integer, b: boolean, c: float, d: any, e: str, f: Number) -> bool;
