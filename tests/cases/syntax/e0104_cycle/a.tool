use "b.tool";
struct A { n: int }
