struct S { a: int, a: string }
struct S { b: int }
enum S2 { x }
type string = int;
union U by kind { a: S, a: S }
/// f
tool f(p: int, p: int) -> bool {
    error e "one";
    error e "two";
}
/// f again
tool f() -> bool;
