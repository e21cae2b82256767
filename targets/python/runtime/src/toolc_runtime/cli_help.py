"""The command line's help texts: the tool list (`--help`, and what a
usage error without a tool shows) and one tool's flags, declared errors
and examples (`TOOL --help`), worded as the other runtimes' command lines
word them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from toolc_runtime import ToolDef
from toolc_runtime._adapt import json_text, spec_of
from toolc_runtime.cli_flags import Flag, flags_of

__all__ = ["first_sentence", "tool_help", "tools_help"]


def first_sentence(text: str) -> str:
    """The first sentence of a description, across the lines a doc comment
    wraps it into, for the one-line tool list."""
    lines = [line.strip() for line in text.split("\n")]
    paragraph = " ".join(lines[: lines.index("")] if "" in lines else lines)
    stop = paragraph.find(". ")
    return paragraph if stop == -1 else paragraph[: stop + 1]


def _indent(text: str, by: int) -> str:
    pad = " " * by
    return "\n".join(pad + line if line != "" else line for line in text.split("\n"))


def _shell_word(text: str) -> str:
    """`text` as one shell word, in single quotes where it needs quoting."""
    if re.fullmatch(r"[A-Za-z0-9_./:=@-]+", text):
        return text
    return "'" + text.replace("'", "'\\''") + "'"


def tools_help(program: str, tools: Sequence[ToolDef]) -> str:
    """The usage lines and the tool list."""
    width = max([0, *(len(t.name) for t in tools)])
    rows = [f"  {t.name.ljust(width)}  {first_sentence(str(spec_of(t).get('description', '')))}".rstrip() for t in tools]
    return "\n".join(
        [
            f"Usage: {program} TOOL [FLAGS]",
            f"       {program} TOOL --json '{{...}}' | --json -",
            f"       {program} TOOL --help",
            "",
            "Tools:",
            *rows,
            "",
            f"Run `{program} TOOL --help` for a tool's flags, errors and examples.",
            "",
        ]
    )


def _flag_heading(flag: Flag) -> str:
    if flag.switch:
        return f"--{flag.name}, --no-{flag.name}"
    return f"--{flag.name} <{flag.value_name}>{'...' if flag.repeated else ''}"


def _js_string(value: object) -> str:
    """`String(value)` of a JSON scalar, as an enum member is shown."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return json_text(value) if isinstance(value, (int, float)) else str(value)


def _flag_text(flag: Flag) -> str:
    """The flag's help text with its notes: possible values, default, required."""
    definition = flag.definition
    notes: list[str] = []
    if flag.repeated:
        notes.append("(repeat the flag for each item)")
    if flag.word.kind == "json" and not flag.repeated:
        notes.append("(a JSON value)")
    if definition.get("secret") is True:
        notes.append("(secret)")
    deprecated = definition.get("deprecated")
    if deprecated is not None:
        notes.append("[deprecated]" if deprecated is True else f"[deprecated: {deprecated}]")
    if flag.word.kind == "enum":
        notes.append(f"[possible values: {', '.join(_js_string(v) for v in flag.word.values)}]")
    if "default" in definition:
        notes.append(f"[default: {json_text(definition['default'])}]")
    if definition.get("required") is True:
        notes.append("[required]")
    described = definition.get("description") or definition.get("title") or ""
    return "\n".join(t for t in (str(described), " ".join(notes)) if t != "")


def tool_help(program: str, tool: ToolDef) -> str:
    """`TOOL --help`: the description, every flag, `--json`, the errors and the examples."""
    spec = spec_of(tool)
    out = [
        str(spec.get("description", "")),
        "",
        f"Usage: {program} {tool.name} [FLAGS]",
        f"       {program} {tool.name} --json '{{...}}' | --json -",
        "",
        "Flags:",
    ]
    for flag in flags_of(tool):
        out.append(f"  {_flag_heading(flag)}")
        text = _flag_text(flag)
        if text != "":
            out.append(_indent(text, 6))
    out.append("  --json <JSON|->")
    out.append(_indent("The whole argument object as JSON, or `-` to read it from standard input; not with other flags.", 6))
    out.append("  -h, --help")
    out.append(_indent("Print this help.", 6))
    metadata: Mapping[str, Any] = spec.get("metadata") or {}
    errors: Mapping[str, Mapping[str, Any]] = metadata.get("errors") or {}
    if errors:
        out += ["", "Errors:"]
        for code, error in errors.items():
            out.append(f"  {code}{' (retryable)' if error.get('retryable') is True else ''}")
            said = " ".join(str(t) for t in (error.get("message", ""), error.get("hint") or "") if t != "")
            out.append(_indent(said, 6))
    examples: Sequence[Mapping[str, Any]] = spec.get("examples") or []
    if examples:
        out += ["", "Examples:"]
        for example in examples:
            if example.get("title") is not None:
                out.append(f"  {example['title']}")
            out.append(f"    {program} {tool.name} --json {_shell_word(json_text(example.get('args')))}")
    out.append("")
    return "\n".join(out)
