//! Generates N-tool corpora: a `.tool` set and an equivalent `.proto` set, so
//! toolc and protoc can be timed on the same amount of definitions.
//!
//! Each tool has six parameters covering the common shapes (constrained
//! strings and numbers, an enum, an optional array, a nested struct, a default)
//! and a struct output; the proto side mirrors it with a request and a response
//! message per tool plus one rpc.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

/// Tools per generated file (each file is its own package).
pub const TOOLS_PER_FILE: usize = 100;
/// Core-tier tools per file; the rest are extended.
const CORE_PER_FILE: usize = 10;

/// The corpus sizes given on the command line (`cargo bench --bench NAME --
/// 500 5000`), or `default` when none is.
pub fn sizes_from_args(default: &[usize]) -> Vec<usize> {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if sizes.is_empty() {
        default.to_vec()
    } else {
        sizes
    }
}

/// Writes `tools` tools into `dir/tool/*.tool` and `dir/proto/*.proto`,
/// [`TOOLS_PER_FILE`] to a file, each file its own package.
pub fn write(dir: &Path, tools: usize) -> io::Result<()> {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir.join("tool"))?;
    fs::create_dir_all(dir.join("proto"))?;
    let files = tools.div_ceil(TOOLS_PER_FILE);
    for f in 0..files {
        let range = f * TOOLS_PER_FILE..((f + 1) * TOOLS_PER_FILE).min(tools);
        let package = format!("set{f:04}");
        fs::write(
            dir.join(format!("tool/{package}.tool")),
            tool_file(&package, range.clone()),
        )?;
        fs::write(
            dir.join(format!("proto/{package}.proto")),
            proto_file(&package, range),
        )?;
    }
    Ok(())
}

/// Writes the same `tools` tools as [`write`] into one file and one package
/// (`dir/tool/records.tool`, `dir/proto/records.proto`), with its first
/// [`CORE_PER_FILE`] tools in the core tier.
// Each benchmark includes this file as a module; only `throughput` lays a
// corpus out as one file.
#[allow(dead_code)]
pub fn write_one_file(dir: &Path, tools: usize) -> io::Result<()> {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir.join("tool"))?;
    fs::create_dir_all(dir.join("proto"))?;
    fs::write(
        dir.join("tool/records.tool"),
        tool_file("records", 0..tools),
    )?;
    fs::write(
        dir.join("proto/records.proto"),
        proto_file("records", 0..tools),
    )?;
    Ok(())
}

fn tool_file(package: &str, tools: std::ops::Range<usize>) -> String {
    let first = tools.start;
    let mut s = String::new();
    let _ = writeln!(s, "//! Generated benchmark tool set {package}.");
    let _ = writeln!(s, "package {package};\n");
    let _ = writeln!(s, "/// Sort order of listed items.");
    let _ = writeln!(
        s,
        "enum Order {{\n    /// Oldest first.\n    asc,\n    /// Newest first.\n    desc,\n}}\n"
    );
    let _ = writeln!(s, "/// A rectangle in canvas coordinates.");
    let _ = writeln!(
        s,
        "struct Bounds {{\n    /// Left edge in pixels.\n    x: number,\n    /// Top edge in pixels.\n    y: number,\n    /// Width in pixels.\n    width: number in 0..,\n    /// Height in pixels.\n    height: number in 0..,\n}}\n"
    );
    let _ = writeln!(s, "/// The outcome of a generated operation.");
    let _ = writeln!(
        s,
        "struct Outcome {{\n    /// Identifier of the affected record.\n    id: string,\n    /// How many records changed.\n    changed: int in 0..,\n}}\n"
    );
    for t in tools {
        let _ = writeln!(
            s,
            "/// Update record number {t} with the given values and report the outcome."
        );
        // A realistic split: a few core tools per package, the rest on demand
        // (more than 30 core tools is a lint).
        let tier = if t - first < CORE_PER_FILE {
            "@core"
        } else {
            "@extended"
        };
        let _ = writeln!(s, "{tier} @mutates @idempotent @timeout(5s)");
        let _ = writeln!(s, "tool update_record_{t}(");
        let _ = writeln!(s, "    /// Record identifier such as \"12:34\".");
        let _ = writeln!(s, "    id: string matches \"^[0-9]+:[0-9]+$\",");
        let _ = writeln!(s, "    /// Display name of the record.");
        let _ = writeln!(s, "    name: string len 1..=120,");
        let _ = writeln!(s, "    /// Position in the list, starting at zero.");
        let _ = writeln!(s, "    position: int in 0..=10000 = 0,");
        let _ = writeln!(s, "    /// Sort order of the result.");
        let _ = writeln!(s, "    order: Order = asc,");
        let _ = writeln!(s, "    /// Labels to attach.");
        let _ = writeln!(s, "    tags?: [string len 1..=40] len ..=10,");
        let _ = writeln!(s, "    /// Where the record sits on the canvas.");
        let _ = writeln!(s, "    @allow(nested_params) bounds?: Bounds,");
        let _ = writeln!(s, ") -> Outcome {{");
        let _ = writeln!(
            s,
            "    example \"Rename\" {{ id: \"1:2\", name: \"Header\" }}"
        );
        let _ = writeln!(s, "}}\n");
    }
    s
}

fn proto_file(package: &str, tools: std::ops::Range<usize>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "// Generated benchmark set {package}.");
    let _ = writeln!(s, "syntax = \"proto3\";\npackage {package};\n");
    let _ = writeln!(
        s,
        "// Sort order of listed items.\nenum Order {{\n  ORDER_ASC = 0;\n  ORDER_DESC = 1;\n}}\n"
    );
    let _ = writeln!(
        s,
        "// A rectangle in canvas coordinates.\nmessage Bounds {{\n  double x = 1;\n  double y = 2;\n  double width = 3;\n  double height = 4;\n}}\n"
    );
    let _ = writeln!(
        s,
        "// The outcome of a generated operation.\nmessage Outcome {{\n  string id = 1;\n  int64 changed = 2;\n}}\n"
    );
    let mut service = String::from("service Records {\n");
    for t in tools {
        let _ = writeln!(
            s,
            "// Update record number {t} with the given values and report the outcome."
        );
        let _ = writeln!(s, "message UpdateRecord{t}Request {{");
        let _ = writeln!(
            s,
            "  // Record identifier such as \"12:34\".\n  string id = 1;"
        );
        let _ = writeln!(s, "  // Display name of the record.\n  string name = 2;");
        let _ = writeln!(
            s,
            "  // Position in the list, starting at zero.\n  int64 position = 3;"
        );
        let _ = writeln!(s, "  // Sort order of the result.\n  Order order = 4;");
        let _ = writeln!(s, "  // Labels to attach.\n  repeated string tags = 5;");
        let _ = writeln!(
            s,
            "  // Where the record sits on the canvas.\n  optional Bounds bounds = 6;"
        );
        let _ = writeln!(s, "}}\n");
        let _ = writeln!(
            service,
            "  rpc UpdateRecord{t}(UpdateRecord{t}Request) returns (Outcome);"
        );
    }
    service.push_str("}\n");
    s.push_str(&service);
    s
}
