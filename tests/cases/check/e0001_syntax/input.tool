/// Find nodes whose name contains the query.
tool find_nodes(query: string -> [string];

/// A second broken item: the parser resumes after the first one.
struct Node { id: }
