/// Search the catalogue for products; at most 30 searches a minute.
@rate_limit(30/min)
tool search_catalogue(
    /// Text to find.
    query: string,
);

/// Search the orders for a text. Fails with `rate_limited` past 30
/// searches a minute; wait, then retry.
@rate_limit(30/min)
tool search_orders(
    /// Text to find.
    query: string,
) {
    error rate_limited "Too many searches this minute." help "Wait, then retry." retryable;
}
