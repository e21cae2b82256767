/// Fetch a URL and return the body of the response as text.
@open_world @timeout(10s)
tool fetch_url(
    /// URL to fetch.
    url: string format uri,
    /// Bypass the cache.
    no_cache: bool = false,
    /// Do not follow redirects.
    disableRedirects: bool = false,
    /// Whether to keep the connection open.
    keep_alive: bool = true,
);
