/// Update the properties of a node with new values.
tool update_node(
    /// Node id to update.
    id: string,
    /// New values by property name.
    @allow(not_strict)
    props: map<string, string>,
) {
    example { id: "1:2", props: { "name": "Title" } }
}
