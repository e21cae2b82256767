/// Fetch a web page and return its text.
@open_world
tool fetch_page(
    /// The page's address.
    url: string format uri,
);

/// Fetch a web page's headers only.
@open_world @timeout(5s)
tool fetch_headers(
    /// The page's address.
    url: string format uri,
);
