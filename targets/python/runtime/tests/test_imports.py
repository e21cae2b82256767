"""The package imports no agent SDK, nor Redis or OpenTelemetry: only the
adapter modules import theirs, when a program imports them."""

from __future__ import annotations

import subprocess
import sys

SDKS = ("mcp", "agents", "openai", "pydantic_ai", "redis", "opentelemetry")


def test_importing_the_package_and_its_core_modules_imports_no_sdk() -> None:
    script = (
        "import sys, toolc_runtime, toolc_runtime.validate, toolc_runtime.tools, toolc_runtime.executor\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {SDKS!r}))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
