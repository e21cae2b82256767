/// Set HTTP headers on the next request the session sends.
tool set_headers(
    /// Header names and values.
    headers: map<string, string>,
    /// Anything else to attach.
    extra: json,
) {
    example { headers: { "accept": "text/html" }, extra: 1 }
}
