"""The CI tools of `../ci.tool` as a command line, one shell command per
tool, over the same executor as the MCP server: flags from the parameters,
the output as JSON on stdout, exit 1 with the error's JSON on stderr when
the executor refuses or the tool fails, 2 on a usage error.

Usage: python cli.py TOOL [FLAGS] | TOOL --json '{...}' | TOOL --help | --help
The fixtures are those of `server.py` (`CI_FIXTURES` names others).
"""

from __future__ import annotations

import os
from pathlib import Path

from server import DEFAULT_FIXTURES, executor  # puts generated/ on the path first
from toolc_runtime.cli import main

import ci  # noqa: E402

if __name__ == "__main__":
    fixtures = Path(os.environ.get("CI_FIXTURES", DEFAULT_FIXTURES))
    main(ci.ALL_TOOLS, executor(fixtures), program="ci")
