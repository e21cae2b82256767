"""The command line: flags to JSON, usage errors (exit 2), tool errors
(exit 1, the error's JSON on stderr), help, `--json`; the cases of the
TypeScript command line's own tests, with the same words and messages."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from pydantic import BaseModel

from executor_fixtures import executor_of, metadata, tool
from toolc_runtime import HandlerContext, ToolDef
from toolc_runtime.cli import CliIo, run_cli
from toolc_runtime.cli_flags import WordKind, flags_of, kebab, read_word
from toolc_runtime.cli_help import first_sentence

FIND = tool(
    "find",
    description="Find things.\nA second line the tool list leaves out.",
    metadata=metadata(errors={"busy": {"message": "The service is busy.", "hint": "Wait a second.", "retryable": True}}),
    params={
        "offset": {"type": {"kind": "integer"}, "required": False, "default": 0, "description": "Where to start."},
        "deep": {"type": {"kind": "boolean"}, "required": False, "default": False},
        "sizes": {"type": {"kind": "enum", "values": [1, 2, 4]}, "required": False},
        "ids": {"type": {"kind": "array", "items": {"kind": "integer"}}, "required": False},
        "filter": {"type": {"kind": "map", "values": {"kind": "string"}}, "required": False},
        "json": {"type": {"kind": "string"}, "required": False},
        "no_deep": {"type": {"kind": "boolean"}, "required": False},
    },
    output={"kind": "object", "fields": {"found": {"type": {"kind": "array", "items": {"kind": "integer"}}, "required": True}}},
    examples=[{"title": "Find the first", "args": {"offset": 0, "note": "it's"}}],
)


@dataclass
class Run:
    exit: int
    stdout: str
    stderr: str
    args: list[Any] = field(default_factory=list[Any])


def run(argv: list[str], *, stdin: str | None = None, terminal: bool = False, tools: list[ToolDef] | None = None, **options: Any) -> Run:
    out: list[str] = []
    err: list[str] = []
    args: list[Any] = []

    def find(given: BaseModel, _ctx: HandlerContext) -> dict[str, Any]:
        args.append(given.model_dump(mode="json"))
        return {"found": [1, 2]}

    def no_stdin() -> str:
        raise AssertionError("stdin is not read")

    served = executor_of(tools or [FIND], {"find": find, "guarded": find}, **options)
    io = CliIo(program="things", read_stdin=(lambda: stdin) if stdin is not None else no_stdin, stdout=out.append, stderr=err.append, is_terminal=terminal)
    code = asyncio.run(run_cli(tools or [FIND], served, argv, io))
    return Run(code, "".join(out), "".join(err), args)


def test_flag_names_are_the_wire_names_in_kebab_case() -> None:
    assert kebab("min_score") == "min-score"
    assert kebab("minScore") == "min-score"
    assert kebab("id") == "id"


def test_a_parameter_whose_flag_the_command_line_or_another_parameter_takes_gets_none() -> None:
    assert [f.name for f in flags_of(FIND)] == ["offset", "deep", "sizes", "ids", "filter"]


def test_words_become_json_of_the_flags_type_and_only_numbers_pass_as_numbers() -> None:
    assert read_word(WordKind("number"), "-1.5e3") == (True, -1500)
    for word in ["1e999", "+1", " 1", "0x10", "", "one", "NaN"]:
        assert read_word(WordKind("number"), word)[0] is False, word
    assert read_word(WordKind("integer"), "-9007199254740991") == (True, -9007199254740991)
    assert read_word(WordKind("integer"), "1.5") == (True, 1.5)
    for word in ["9007199254740992", "9007199254740993", "-9007199254740993", "1e20"]:
        assert read_word(WordKind("integer"), word)[0] is False, word
    assert read_word(WordKind("number"), "1e20") == (True, 1e20)
    assert read_word(WordKind("string"), "42") == (True, "42")
    assert read_word(WordKind("enum", ("a", 2)), "2") == (True, 2)
    assert read_word(WordKind("enum", ("a", 2)), "zzz") == (True, "zzz")
    assert read_word(WordKind("enum", (1, 2)), "x")[0] is False
    assert read_word(WordKind("json"), "{")[0] is False
    assert read_word(WordKind("json"), "NaN")[0] is False
    assert read_word(WordKind("json"), '{"__proto__": 1}') == (True, {"__proto__": 1})


def test_flags_of_every_kind_reach_the_handler_as_json() -> None:
    r = run(["find", "--offset", "-5", "--deep", "--sizes=4", "--ids", "1", "--ids", "-2", "--filter", '{"kind": "a"}'])
    assert r.exit == 0, r.stderr
    assert r.args == [{"offset": -5, "deep": True, "sizes": 4, "ids": [1, -2], "filter": {"kind": "a"}}]
    assert r.stdout == '{"found":[1,2]}\n'


def test_a_switch_beside_its_negation_is_a_usage_error_naming_both() -> None:
    r = run(["find", "--deep", "--no-deep"])
    assert r.exit == 2
    assert "`--no-deep` cannot be used with `--deep`" in r.stderr
    assert r.args == []


def test_on_a_terminal_the_output_is_pretty_printed() -> None:
    assert run(["find"], terminal=True).stdout == '{\n  "found": [\n    1,\n    2\n  ]\n}\n'


@pytest.mark.parametrize(
    "argv",
    [
        ["find", "--offset"],
        ["find", "--deep=yes"],
        ["find", "extra"],
        ["find", "--json", "{}", "--json", "{}"],
        ["find", "--json", "null"],
        ["find", "--json", "{"],
        ["--offset", "1"],
        ["find", "--filter", "{"],
        ["find", "--colour", "red"],
        ["find", "--offs", "1"],
        ["nothing"],
    ],
)
def test_usage_errors_exit_2_and_run_nothing(argv: list[str]) -> None:
    r = run(argv)
    assert r.exit == 2, argv
    assert r.stderr.startswith("error: "), r.stderr
    assert r.args == []


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["find", "--offset", "1", "--offset", "2"], "--offset"),
        (["find", "--deep", "--deep"], "--deep"),
        (["find", "--json", "{}", "--json", "{}"], "--json"),
    ],
)
def test_a_flag_not_an_arrays_or_json_given_twice_is_a_usage_error_naming_it(argv: list[str], flag: str) -> None:
    r = run(argv)
    assert r.exit == 2, r.stderr
    assert f"`{flag}` cannot be used multiple times" in r.stderr
    assert r.args == []


def test_help_lists_only_the_tools_the_executor_offers_another_is_still_called_through_it() -> None:
    guarded = tool("guarded", metadata=metadata(permissions=["things:read"]))
    listed = run(["--help"], tools=[FIND, guarded])
    assert listed.exit == 0
    assert "  find " in listed.stdout and "guarded" not in listed.stdout
    refused = run(["guarded"], tools=[FIND, guarded])
    assert refused.exit == 1
    assert json.loads(refused.stderr)["code"] == "permission_denied"
    assert refused.args == []


def test_json_dash_reads_standard_input_and_json_beside_a_flag_is_a_usage_error() -> None:
    piped = run(["find", "--json", "-"], stdin='{"offset": 3}')
    assert piped.exit == 0, piped.stderr
    assert piped.args == [{"offset": 3, "deep": False}]
    assert run(["find", "--json", "{}", "--deep"]).exit == 2


def test_a_tool_error_is_its_json_on_stderr_and_a_warning_goes_beside_the_output() -> None:
    refused = run(["find", "--offset", "1.5"])
    assert refused.exit == 1
    assert json.loads(refused.stderr)["code"] == "invalid_argument"
    assert "\n" not in refused.stderr.rstrip("\n")
    warned = run(["find"], step_budget={"max": 3, "warn_at": 2})
    assert warned.exit == 0
    assert warned.stderr == "warning: 2 of 3 tool calls remain in the step budget; finish with as few calls as you can.\n"


def test_help_lists_the_tools_by_first_line_and_a_tools_flags_errors_and_examples() -> None:
    top = run(["--help"])
    assert top.exit == 0
    assert "\n  find  Find things.\n" in top.stdout
    assert "second line" not in top.stdout
    none = run([])
    assert none.exit == 2
    assert "find  Find things." in none.stderr
    one = run(["find", "--offset", "x", "-h"])
    assert one.exit == 0
    for text in [
        "--offset <integer>",
        "Where to start.",
        "[default: 0]",
        "--deep, --no-deep",
        "[possible values: 1, 2, 4]",
        "--ids <integer>...",
        "--filter <json>",
        "--json <JSON|->",
        "busy (retryable)",
        "The service is busy. Wait a second.",
        "Find the first",
        "things find --json '{\"offset\":0,\"note\":\"it'\\''s\"}'",
    ]:
        assert text in one.stdout, f"{text} in\n{one.stdout}"
    assert one.args == []


def test_the_tool_list_shows_each_descriptions_first_sentence() -> None:
    assert first_sentence("Write a note's text. A person approves each call. Fails\nwith `conflict`.") == "Write a note's text."
    assert first_sentence("Search the notes for a text, and return\nthe best matches first.\n\nMore.") == "Search the notes for a text, and return the best matches first."
    assert first_sentence("No period") == "No period"
    assert first_sentence("") == ""
