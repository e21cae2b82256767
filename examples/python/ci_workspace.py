"""The fixtures directory the CI tools read (laid out as
`examples/mcp-server/fixtures`): `jobs.json` (the CI run), `logs/` (one log
per job), `changes.diff` (the pull request) and `repo/` (its head commit).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any, Literal

ChangeKind = Literal["added", "modified", "deleted", "renamed"]

ANSI = re.compile(r"\x1b\[[^A-Za-z]*[A-Za-z]")
"""An ANSI escape sequence (`ESC [ ... letter`), which CI runners keep in logs for colour."""


def strip_ansi(line: str) -> str:
    return ANSI.sub("", line)


def lines_of(text: str) -> list[str]:
    """The lines of `text` without their terminators (`\n` or `\r\n`),
    no empty last line for a final newline."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


class OutsideWorkspace(Exception):
    """A path that climbs out of the repository (`..`, or absolute)."""


@dataclass
class JobRecord:
    """One job as `jobs.json` records it."""

    id: int
    name: str
    status: str
    conclusion: str | None
    runner: str
    started_at: str | None
    finished_at: str | None
    log: str | None
    """The log file, relative to the fixtures directory; None while queued."""


@dataclass
class FilePatch:
    """One file's part of the pull request's diff."""

    path: str
    old_path: str | None
    change: ChangeKind = "modified"
    lines: list[str] = field(default_factory=list[str])
    """From the first `@@` line on."""
    additions: int = 0
    deletions: int = 0


def parse_diff(text: str) -> list[FilePatch]:
    """Splits a `git diff` into per-file patches."""
    patches: list[FilePatch] = []
    for line in lines_of(text):
        if line.startswith("diff --git "):
            rest = line.removeprefix("diff --git ")
            old, sep, new = rest.partition(" b/")
            old, new = (old.removeprefix("a/"), new) if sep else (rest, rest)
            patches.append(FilePatch(path=new, old_path=old if old != new else None))
            continue
        if not patches:
            continue
        patch = patches[-1]
        if not patch.lines and not line.startswith("@@"):
            # Extended header lines before the first hunk.
            if line.startswith("new file mode"):
                patch.change = "added"
            elif line.startswith("deleted file mode"):
                patch.change = "deleted"
            elif line.startswith("rename from "):
                patch.change = "renamed"
            continue
        if line.startswith("+"):
            patch.additions += 1
        elif line.startswith("-"):
            patch.deletions += 1
        patch.lines.append(line)
    for patch in patches:
        if patch.change != "renamed":
            patch.old_path = None
    return patches


def duration_between(start: str, end: str) -> str | None:
    """The `PT4M12S`-style duration between two `YYYY-MM-DDTHH:MM:SSZ` timestamps."""
    try:
        seconds = int((datetime.fromisoformat(end.replace("Z", "+00:00")) - datetime.fromisoformat(start.replace("Z", "+00:00"))).total_seconds())
    except ValueError:
        return None
    if seconds < 0:
        return None
    hours, minutes, secs = seconds // 3600, seconds % 3600 // 60, seconds % 60
    out = "PT" + (f"{hours}H" if hours else "") + (f"{minutes}M" if minutes else "")
    return out + (f"{secs}S" if secs or not (hours or minutes) else "")


def is_under(path: str, directory: str) -> bool:
    """Whether `path` is `directory` itself or lies under it (`""` holds everything)."""
    return directory == "" or path == directory or path.startswith(directory + "/")


class Workspace:
    def __init__(self, root: Path) -> None:
        run: dict[str, Any] = json.loads((root / "jobs.json").read_text(encoding="utf-8"))
        self.root = root
        self.repo = root / "repo"
        if not self.repo.is_dir():
            raise FileNotFoundError(f"{self.repo} is missing")
        self.base_sha: str = run["base_sha"]
        self.head_sha: str = run["head_sha"]
        self.jobs = [JobRecord(**{k: job.get(k) for k in JobRecord.__dataclass_fields__}) for job in run["jobs"]]
        self.patches = parse_diff((root / "changes.diff").read_text(encoding="utf-8"))

    def job(self, job_id: int) -> JobRecord | None:
        return next((job for job in self.jobs if job.id == job_id), None)

    def log_lines(self, job: JobRecord) -> list[str] | None:
        """The job's log lines with colour codes removed; None when it has no log yet."""
        if job.log is None:
            return None
        text = (self.root / job.log).read_bytes().decode("utf-8", errors="replace")
        return [strip_ansi(line) for line in lines_of(text)]

    def normalize(self, rel: str) -> str:
        """A repository path (`./src//a.rs` -> `src/a.rs`, `.` -> ``);
        raises `OutsideWorkspace` for one that leaves the repository."""
        if rel.startswith("/") or "\\" in rel:
            raise OutsideWorkspace(rel)
        parts: list[str] = []
        for part in PurePosixPath(rel).parts:
            if part == "..":
                if not parts:
                    raise OutsideWorkspace(rel)
                parts.pop()
            elif part != ".":
                parts.append(part)
        return "/".join(parts)

    def resolve(self, normalized: str) -> Path:
        return self.repo / normalized if normalized else self.repo

    def files_under(self, directory: str, max_depth: int | None = None) -> list[str]:
        """Every file under `directory` (a normalised path, `""` for the
        root) down to `max_depth` levels, as sorted repository paths.
        Symbolic links are not followed, so nothing outside the snapshot is
        ever listed or read."""
        out: list[str] = []

        def walk(path: Path, rel: str, depth_left: int | None) -> None:
            if depth_left == 0:
                return
            try:
                entries = list(os.scandir(path))
            except OSError:
                return
            for entry in entries:
                child = entry.name if rel == "" else f"{rel}/{entry.name}"
                if entry.is_dir(follow_symlinks=False):
                    walk(Path(entry.path), child, None if depth_left is None else depth_left - 1)
                elif entry.is_file(follow_symlinks=False):
                    out.append(child)

        walk(self.resolve(directory), directory, max_depth)
        return sorted(out)
