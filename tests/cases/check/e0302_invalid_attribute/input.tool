/// Export the current page as a PNG image file.
@risk(extreme) @timeout(5) @frobnicate
tool export_png(
    /// Scale factor.
    @secret(1)
    scale: number = 1,
);
