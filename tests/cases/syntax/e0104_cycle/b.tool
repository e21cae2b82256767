use "a.tool";
struct B { n: int }
