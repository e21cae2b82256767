/// Open a document by its id and return its title.
tool open_document(
    /// The document's id.
    id: string,
) -> string {
    error "" "No document has this id.";
    error locked "";
    error busy "The document is being saved." help " ";
    error gone "The document was deleted." help "Pick another one.";
}
