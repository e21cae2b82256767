/// Render a report as a PDF and return where it is stored.
@mutates @task_support(forbidden)
tool render_report(/// The report's id.
                   id: string);

/// Render a report as a PNG and return where it is stored.
@mutates @task_support("optional")
tool render_png(/// The report's id.
                id: string);

/// Render a report as HTML and return where it is stored.
@mutates @task_support(requird)
tool render_html(/// The report's id.
                 id: string);

/// Render a report as text and return where it is stored.
@mutates @task_support
tool render_text(/// The report's id.
                 id: string);

/// Render a report as CSV and return where it is stored.
@mutates @task_support(optional, required)
tool render_csv(/// The report's id.
                id: string);

/// Render a report as JSON and return where it is stored.
@mutates @task_support(optional) @task_support(required)
tool render_json(/// The report's id.
                 id: string);
