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
