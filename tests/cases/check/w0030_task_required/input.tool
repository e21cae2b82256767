/// Rebuild every report of a workspace. Runs for hours, so it is only started as a task.
@mutates @idempotent @task_support(required)
tool rebuild_reports(
    /// The workspace whose reports are rebuilt.
    workspace: string,
);

/// Render a report as a PDF and return where it is stored. Large reports take minutes.
@mutates @idempotent @task_support(optional)
tool render_report(
    /// The report's id.
    id: string,
);

/// Rebuild one report. Served by another MCP server, which runs it as a task.
@mutates @idempotent @task_support(required) @allow(task_required)
tool rebuild_report(
    /// The report's id.
    id: string,
);
