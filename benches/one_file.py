#!/usr/bin/env python3
"""Writes one .tool file of N tools, each with two documented parameters and a
string output, `@extended` so that no core budget applies:

    python3 benches/one_file.py 100000 target/bench-one/big.tool

benches/README.md ("One file of 100,000 tools") times toolc on it.
"""
import os
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
out = sys.argv[2] if len(sys.argv) > 2 else "target/bench-one/big.tool"
tool = """/// Tool number {i} looks up a record by its name and returns a summary of it.
@extended
tool get_record_{i}(
    /// The name of the record to look up.
    name: string,
    /// How many entries to read.
    count: int,
) -> string;

"""
os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
with open(out, "w") as f:
    f.write("package big;\n")
    for i in range(count):
        f.write(tool.format(i=i))
