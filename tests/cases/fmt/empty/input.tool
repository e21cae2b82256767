package empty;
struct Nothing {}
enum Never {
}
/// No parameters.
tool noop() {}
/// Output only.
tool ping() -> Nothing;
