/// Find nodes, café style.
tool find_nodes();
