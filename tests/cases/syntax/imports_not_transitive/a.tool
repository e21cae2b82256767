use "b.tool";
struct A { b: B }
