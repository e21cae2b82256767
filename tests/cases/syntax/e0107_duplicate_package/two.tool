package same;
/// Two.
tool two() -> bool;
