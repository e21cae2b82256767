package same;
/// One.
tool one() -> bool;
