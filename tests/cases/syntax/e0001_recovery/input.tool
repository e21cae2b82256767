/// First: missing colon.
tool one(id string) -> bool;

/// Second: missing type.
tool two(id: , x: int) -> bool;

/// Third: missing semicolon.
tool three(a: int) -> bool

/// Fine.
tool four(a: int) -> bool;

enum E { a b }
struct S { a: int b: int }
type T = ;
tool five(a: int) {
  error x;
  example { a: }
}
@risk(low tool six();

/// Several errors in one tool: each is reported, the rest still lowers.
tool many(a string, b: int, c: , d: strng, e: int = , f: [int) -> bool {
    error x;
    error ok "Fine.";
    example { b: }
    example { b: 1 }
}

struct Point { x: number y: number, z: }

enum Colour { red, "green, blue, 3, yellow }
union Shape by kind { circle Circle, rect: , square: Square }
struct Circle { r: number }
struct Square { side: number }
