tool f(
  /// a
  a: int,
  /// dangling
) -> bool;

struct S { a: int, /// x
}
//! late doc
tool g();
/// dangling at the end of the file
