/// A tree of nodes.
struct Node {
    name: string,
    children: [Node] = [],
}

struct A { b?: B }
struct B { a?: A }
struct Leaf { n: int }
type Forest = [Node];
union Expr by op {
    lit: Lit,
    add: Add,
}
struct Lit { value: number }
struct Add { left: Expr, right: Expr }
