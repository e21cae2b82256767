/// Schedule an export of the current page at a given time.
tool schedule_export(
    /// When to export.
    at: string format datetime,
);
