/// Bad attributes.
@risk(extreme) @foo @timeout(5y) @rate_limit(10/week)
@core @extended @name(cohere, "x") @title(3) @requires() @confirm(yes)
@deprecated("a", "b") @mutate @readonly
tool f(
    @secret("x") @example(1, 2) @titel("x") @schema("k") a: int,
    @risk(low) b: int,
) -> bool;

@timeout(1s) @allow(missing_doc)
struct S { a: int }

enum E { @secret x }

@title("x") @title("y") tool g();

/// A timeout every call would exceed.
@timeout(0ms) tool i();

/// A title and a permission must say something.
@title("") @requires("doc:read", " ") tool j();

/// A deprecation note must say something too.
@deprecated("") tool k();

/// A parse error inside an attribute loses only this tool.
@timeout(5 s) tool h();

@core package p;

/// Only a struct can be open.
@open enum Shade { light, dark }

/// `@open` takes no arguments.
@open(true) struct Loose { a: int }
