/// Delete files or directories. Cannot be undone.
@extended @mutates @destructive @confirm @risk(high)
@timeout(30s) @rate_limit(10/min) @requires("fs:write", "fs:read")
@title("Delete paths") @idempotent @open_world
@deprecated("use remove_paths") @meta("icon", { src: "trash.svg", sizes: [16, 32] })
@name(openai, "delete_paths_v2") @name(mcp, "fs.delete")
@allow(missing_doc, W0004)
tool delete_paths(
    /// Paths to delete, relative to the workspace root.
    paths: [string len 1..=4096] len 1..=100,
    /// Delete directories with their contents.
    recursive: bool = false,
) -> DeleteReport {
    error not_found "A path does not exist." help "Call list_directory to see what exists.";
    error busy "The file is locked by another process." help "Wait and retry." retryable;
    error "x-weird" "Quoted codes are allowed.";
    example "Remove a build folder" { paths: ["build"], recursive: true }
    example { paths: ["a", "b"], }
}

struct DeleteReport { deleted: int }

/// Durations and rates in every unit.
@timeout(500ms) @rate_limit(5/s) tool a();
@timeout(2m) @rate_limit(100/h) tool b();
@timeout(1h) @rate_limit(5000/day) tool c();
@deprecated tool d();
