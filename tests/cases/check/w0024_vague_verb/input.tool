/// Run a SQL query against the orders database and return the rows.
tool execute_query(
    /// The SQL text to run.
    sql: string,
);

/// Handle a webhook event from the payment provider and record it.
tool payments_handle_event(
    /// The event's JSON body.
    body: string,
);

/// Search the orders for a text and return the matching ones.
tool search_orders(
    /// Text to find.
    query: string,
);
