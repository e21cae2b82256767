tool findNodes(query: string);
