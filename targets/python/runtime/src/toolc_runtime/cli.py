"""The command line: every tool of a package as a shell command
(`PROGRAM TOOL --flag value ...`) over an executor, on `argparse`. It only
turns words into an argument object, calls `executor.call(tool, args, {})`
and prints the result; the executor (built and configured by the program)
judges everything else. The same flags, messages, exit codes and JSON as
the TypeScript and Rust command lines.

Exit codes: 0 for a call that succeeded (and for `--help`), 1 for a call
the executor answered with an error (its error object as JSON on stderr),
2 for a usage error (a message on stderr).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from toolc_runtime import ToolDef
from toolc_runtime.executor import Executor
from toolc_runtime._adapt import json_text, pretty_json_text
from toolc_runtime.cli_flags import Flag, flags_of, parse_json, read_word
from toolc_runtime.cli_help import tool_help, tools_help

__all__ = ["CliIo", "main", "process_io", "run_cli"]

OK = 0
TOOL_ERROR = 1
USAGE = 2


@dataclass(frozen=True)
class CliIo:
    """What the command line reads and writes; tests replace any of it."""

    program: str
    """The program's name in usage lines."""
    read_stdin: Callable[[], str] = field(default=lambda: sys.stdin.read())
    """All of standard input, read only for `--json -`."""
    stdout: Callable[[str], None] = field(default=lambda text: _write(sys.stdout, text))
    stderr: Callable[[str], None] = field(default=lambda text: _write(sys.stderr, text))
    is_terminal: bool = False
    """Whether standard output is a terminal: output is then pretty-printed."""


def _write(stream: Any, text: str) -> None:
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        # A reader that closed the pipe early (`| head`) ended what it
        # wanted to read, not the program.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())


def process_io(program: str | None = None) -> CliIo:
    """The process's own standard streams."""
    name = program if program is not None else os.path.basename(sys.argv[0]) or "tools"
    return CliIo(program=name, is_terminal=sys.stdout.isatty())


class UsageError(Exception):
    """A usage error: its message goes to stderr, exit 2."""


class _Parser(argparse.ArgumentParser):
    """`argparse` whose errors are usage errors, never an exit of its own."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise UsageError(message or "cannot parse the flags")


class _Given(argparse.Action):
    """Records every flag given, in order, with its word (`None` for a switch)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: str | None = None) -> None:
        given: list[tuple[str, str | None]] = namespace.given
        given.append((self.dest, values if isinstance(values, str) else None))


async def run_cli(tools: Sequence[ToolDef], executor: Executor, argv: Sequence[str] | None = None, io: CliIo | None = None) -> int:
    """Runs `argv` (the words after the program's name; default: the
    process's) over `tools` through `executor`; the exit code. Never raises."""
    out = io if io is not None else process_io()
    words = list(sys.argv[1:] if argv is None else argv)

    def usage(message: str, shown: str | None = None) -> int:
        out.stderr(f"error: {message}\n{'' if shown is None else chr(10) + shown}")
        return USAGE

    # The tool list shows only the tools the executor offers (filters,
    # grants and risk applied); any tool can still be called, so that one
    # the grants refuse gets the executor's error.
    offered = {t.name for t in executor.tools()}
    listed = [t for t in tools if t.name in offered]
    if words[:1] in (["--help"], ["-h"]):
        out.stdout(tools_help(out.program, listed))
        return OK
    if not words:
        return usage("no tool given", tools_help(out.program, listed))
    word, rest = words[0], words[1:]
    tool = next((t for t in tools if t.name == word), None)
    if tool is None:
        what = f"expected a tool before `{word}`" if word.startswith("-") else f"unknown tool `{word}`"
        return usage(what, tools_help(out.program, listed))
    if _asks_for_help(rest):
        out.stdout(tool_help(out.program, tool))
        return OK
    try:
        args = arguments_of(tool, rest, out)
    except UsageError as e:
        return usage(str(e), f"Run `{out.program} {tool.name} --help` for its flags.\n")
    try:
        result: Any = await executor.call(tool.name, args, {})
    except Exception as e:  # noqa: BLE001 - `call` never raises; should one, the caller still gets an error object
        out.stderr(json_text({"code": "internal", "message": str(e), "retryable": False}) + "\n")
        return TOOL_ERROR
    return _print(result, out)


def _asks_for_help(words: Sequence[str]) -> bool:
    """Whether `--help` or `-h` is among the words before a `--`."""
    for word in words:
        if word == "--":
            return False
        if word in ("--help", "-h"):
            return True
    return False


def _print(result: Any, out: CliIo) -> int:
    error = result.get("error")
    if error is not None:
        out.stderr(json_text(error) + "\n")
        return TOOL_ERROR
    try:
        value = result.get("value")
        text = pretty_json_text(value) if out.is_terminal else json_text(value)
    except (TypeError, ValueError) as e:
        # A value JSON cannot carry, from a handler whose output is not checked.
        out.stderr(json_text({"code": "internal", "message": f"the output is not JSON: {e}", "retryable": False}) + "\n")
        return TOOL_ERROR
    out.stdout(text + "\n")
    warning = result.get("warning")
    if warning is not None:
        out.stderr(f"warning: {warning}\n")
    return OK


def _parser(flags: Sequence[Flag]) -> _Parser:
    parser = _Parser(add_help=False, allow_abbrev=False, exit_on_error=False)
    parser.add_argument("--json", dest="json", action=_Given)
    for flag in flags:
        if flag.switch:
            parser.add_argument(f"--{flag.name}", dest=flag.name, action=_Given, nargs=0)
            parser.add_argument(f"--no-{flag.name}", dest=f"no-{flag.name}", action=_Given, nargs=0)
        else:
            parser.add_argument(f"--{flag.name}", dest=flag.name, action=_Given)
    return parser


def arguments_of(tool: ToolDef, words: Sequence[str], io: CliIo) -> dict[str, object]:
    """The argument object the words after the tool's name give."""
    flags = flags_of(tool)
    by_name: dict[str, tuple[Flag, bool]] = {}
    for flag in flags:
        by_name[flag.name] = (flag, False)
        if flag.switch:
            by_name[f"no-{flag.name}"] = (flag, True)
    namespace = argparse.Namespace(given=[])
    try:
        _, extra = _parser(flags).parse_known_args(list(words), namespace)
    except argparse.ArgumentError as e:
        raise UsageError(str(e)) from None
    # A lone `--` ends the flags; any word after it is unexpected.
    extra = [word for word in extra if word != "--"]
    if extra:
        first = extra[0]
        if first.startswith("-") and first != "-":
            raise UsageError(f"unknown flag `{first.split('=', 1)[0]}`")
        raise UsageError(f"unexpected argument `{first}`")
    values: dict[str, object] = {}
    # The flag that gave each parameter: one that is not an array takes one
    # value, so a second (the same flag, or a switch's negation) is refused
    # rather than silently replacing the first.
    given: dict[str, str] = {}
    json_word: str | None = None
    for name, word in namespace.given:
        if name == "json":
            if json_word is not None:
                raise UsageError("the argument `--json` cannot be used multiple times")
            json_word = word or ""
            continue
        flag, negated = by_name[name]
        earlier = given.get(flag.param)
        if earlier is not None and not flag.repeated:
            if earlier == name:
                raise UsageError(f"the argument `--{name}` cannot be used multiple times")
            raise UsageError(f"the argument `--{name}` cannot be used with `--{earlier}`")
        given[flag.param] = name
        if flag.switch:
            values[flag.param] = not negated
            continue
        read = read_word(flag.word, word or "")
        if read[0] is False:
            raise UsageError(f"invalid value for `--{name}`: {read[1]}")
        if flag.repeated:
            items = values.get(flag.param)
            values[flag.param] = [*(items if isinstance(items, list) else []), read[1]]
        else:
            values[flag.param] = read[1]
    if json_word is None:
        return values
    if given:
        raise UsageError("`--json` gives the whole argument object: use it without parameter flags")
    return _argument_object(io.read_stdin() if json_word == "-" else json_word)


def _argument_object(text: str) -> dict[str, object]:
    try:
        value = parse_json(text)
    except ValueError as e:
        raise UsageError(f"`--json` is not JSON ({e})") from None
    if not isinstance(value, dict):
        raise UsageError("`--json` must be a JSON object of arguments")
    return dict(value)  # pyright: ignore[reportUnknownArgumentType]


def main(tools: Sequence[ToolDef], executor: Executor, program: str | None = None) -> NoReturn:
    """Runs the process's arguments and exits with the code: the body of a
    package's command-line script."""
    sys.exit(asyncio.run(run_cli(tools, executor, io=process_io(program))))
