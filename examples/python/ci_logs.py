"""Reading CI logs: error blocks, and the test reports of `cargo test` and
`pytest` (the same readings as the Rust example server's)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

ErrorKind = Literal["compile_error", "test_failure", "panic", "lint", "process_exit"]

RUST_ERROR = re.compile(r"^error(\[E\d{4}\])?: (.*)$")
CARGO_TEST_FAILED = re.compile(r"^test (\S+) \.\.\. FAILED$")
PANIC = re.compile(r"^thread '([^']*)' panicked at ([^:\s]+):(\d+):\d+:?$")
RUNNER_ERROR = re.compile(r"^##\[error\](.*)$")
PYTEST_FAILED = re.compile(r"^FAILED (\S+?)::(\S+)(?: - (.*))?$")
PYTEST_EXCEPTION = re.compile(r"^E\s+(\S.*)$")


@dataclass
class Found:
    """A problem found on one log line (0-based index)."""

    index: int
    kind: ErrorKind
    headline: str


def _is_clippy(following: list[str]) -> bool:
    """A rustc-style diagnostic is clippy's when its notes, before the next blank line, name clippy."""
    for line in following[1:]:
        if line.strip() == "":
            return False
        if "clippy" in line:
            return True
    return False


def find_errors(lines: list[str]) -> list[Found]:
    """Every line that reports an error, in log order."""
    found: list[Found] = []
    # Clippy explains a lint once; later hits of the same lint carry no note.
    lint_messages: list[str] = []
    for index, line in enumerate(lines):
        kind: ErrorKind
        error = RUST_ERROR.match(line)
        if error is not None:
            message = error.group(2)
            if message.startswith("test failed"):
                kind = "test_failure"
            elif message in lint_messages or _is_clippy(lines[index:]):
                lint_messages.append(message)
                kind = "lint"
            else:
                kind = "compile_error"
        elif CARGO_TEST_FAILED.match(line) or PYTEST_FAILED.match(line):
            kind = "test_failure"
        elif PANIC.match(line):
            kind = "panic"
        elif PYTEST_EXCEPTION.match(line):
            kind = "test_failure"
        elif RUNNER_ERROR.match(line):
            kind = "process_exit"
        else:
            continue
        runner = RUNNER_ERROR.match(line)
        found.append(Found(index, kind, (runner.group(1) if runner is not None else line).strip()))
    return found


@dataclass
class Failure:
    name: str
    message: str
    file: str | None
    """As the report writes it; the caller maps it into the repository."""
    line: int | None
    index: int
    """0-based index of the log line where the report starts."""


@dataclass
class TestReport:
    runner: Literal["cargo", "pytest"]
    passed: int = 0
    failed: int = 0
    ignored: int = 0
    failures: list[Failure] = field(default_factory=list[Failure])


CARGO_RESULT = re.compile(r"^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored")
CARGO_SECTION = re.compile(r"^---- (\S+) stdout ----$")
PYTEST_SUMMARY = re.compile(r"^=+ (.*\d+ (passed|failed).*) in [\d.]+s =+$")
PYTEST_COUNT = re.compile(r"(\d+) (passed|failed|skipped|xfailed)")
PYTEST_SECTION = re.compile(r"^_{3,} (\S+) _{3,}$")
PYTEST_LOCATION = re.compile(r"^(\S+\.py):(\d+): ")


def test_report(lines: list[str]) -> TestReport | None:
    return _cargo_report(lines) or _pytest_report(lines)


def _cargo_report(lines: list[str]) -> TestReport | None:
    report = TestReport("cargo")
    seen = False
    for line in lines:
        result = CARGO_RESULT.match(line)
        if result is not None:
            seen = True
            report.passed += int(result.group(1))
            report.failed += int(result.group(2))
            report.ignored += int(result.group(3))
    if not seen:
        return None
    for index, line in enumerate(lines):
        section = CARGO_SECTION.match(line)
        if section is None:
            continue
        body: list[str] = []
        for following in lines[index + 1 :]:
            if following.startswith("---- ") or following == "failures:":
                break
            body.append(following)
        file: str | None = None
        line_no: int | None = None
        message: list[str] = []
        for i, candidate in enumerate(body):
            panic = PANIC.match(candidate)
            if panic is not None:
                file, line_no = panic.group(2), int(panic.group(3))
                for text in body[i + 1 :]:
                    if text.strip() == "" or text.startswith("note: "):
                        break
                    message.append(text)
                break
        report.failures.append(Failure(section.group(1), "\n".join(message), file, line_no, index))
    return report


def _pytest_report(lines: list[str]) -> TestReport | None:
    summary = next((m for m in (PYTEST_SUMMARY.match(line) for line in reversed(lines)) if m is not None), None)
    if summary is None:
        return None
    report = TestReport("pytest")
    for count in PYTEST_COUNT.finditer(summary.group(1)):
        n = int(count.group(1))
        if count.group(2) == "passed":
            report.passed += n
        elif count.group(2) == "failed":
            report.failed += n
        else:
            report.ignored += n
    for index, line in enumerate(lines):
        failed = PYTEST_FAILED.match(line)
        if failed is None:
            continue
        file, test, message = failed.group(1), failed.group(2), failed.group(3) or ""
        # The failure's own section names the line of the test that failed.
        section = next((i for i, l in enumerate(lines) if (s := PYTEST_SECTION.match(l)) is not None and s.group(1) == test), None)
        line_no: int | None = None
        if section is not None:
            for following in lines[section + 1 :]:
                if PYTEST_SECTION.match(following) or following.startswith("====="):
                    break
                location = PYTEST_LOCATION.match(following)
                if location is not None and location.group(1) == file:
                    line_no = int(location.group(2))
                    break
        report.failures.append(Failure(f"{file}::{test}", message, file, line_no, section if section is not None else index))
    return report
