/// Find nodes whose name contains the query text.
@allow(missing_docs, E0201, W0001)
tool find_nodes(query: string);
