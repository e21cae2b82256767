//! MCP task support: `@task_support` becomes the tool's `execution`; a tool
//! without it has none (MCP's `forbidden`).
package reports;

/// Render a report as a PDF and return where it is stored. Large reports take minutes.
@mutates @idempotent @timeout(10m) @task_support(optional)
tool render_report(
    /// The report's id.
    id: string len 1..=64,
) -> string;

/// Rebuild every report of a workspace. Runs for hours, so it is only started as a task.
@mutates @idempotent @task_support(required) @allow(W0030)
tool rebuild_reports(
    /// The workspace whose reports are rebuilt.
    workspace: string len 1..=64,
);

/// Read the title of a report by its id.
tool get_report_title(
    /// The report's id.
    id: string len 1..=64,
) -> string;
