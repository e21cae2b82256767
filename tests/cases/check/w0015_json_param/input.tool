/// Run a query against the analytics store and return rows.
@allow(not_strict)
tool run_query(
    /// The query as a JSON document.
    query: json,
);
