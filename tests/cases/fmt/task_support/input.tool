package reports;

/// Render a report as a PDF.
@mutates   @task_support( optional )  @timeout(10m)
tool render_report(/// The report's id.
  id: string);
