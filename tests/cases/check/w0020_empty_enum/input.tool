/// How the export is encoded.
enum ExportFormat {}

/// Reserved for the next release; allowed while it is empty.
@allow(empty_enum)
enum Channel {}

/// Sort order of listed items.
enum Order {
    /// Oldest first.
    asc,
    /// Newest first.
    desc,
}

/// Export the current page as a file.
tool export_page(
    /// Encoding of the file.
    format: ExportFormat,
    /// Order of the pages in the file.
    order: Order = "asc",
    /// Where to announce the export.
    channel?: Channel,
);
