/// Delete a branch and its commits that no other branch holds.
@mutates @destructive @confirm @risk(high)
tool delete_branch(
    /// The branch to delete.
    name: string,
);

/// Delete a tag. A person approves each call; say which tag and why first.
@mutates @destructive @confirm @risk(high)
tool delete_tag(
    /// The tag to delete.
    name: string,
);
