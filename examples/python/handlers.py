"""The CI tools' handlers (the generated `ci.Handlers` protocol) over the
fixtures. Arguments arrive validated with defaults applied (the executor
did that), so the handlers only check what a schema cannot: whether jobs
and files exist, and paths leaving the repository. A declared error is
raised with the tool's own `error(code)`, which carries its declared
message, hint and retryability to the model.
"""

from __future__ import annotations

import re

import ci
import ci_logs
import common  # the types ci.tool shares (common/types.tool), beside ci.py
from toolc_runtime import HandlerContext, ToolDef
from ci_workspace import FilePatch, JobRecord, OutsideWorkspace, Workspace, duration_between, is_under, lines_of

MAX_FILE_LINES = 2000
"""Most lines `read_file` returns per call, as its documentation promises."""
MAX_LISTED = 1000
"""Most paths `list_files` returns."""
MAX_SEARCH_FILE_BYTES = 1 << 20
"""Larger files are not searched."""


def _locate(files: list[str], reported: str) -> str | None:
    """A path from a test report (relative to wherever the runner ran) as a
    repository path: itself when it exists, else the one file ending with it."""
    if reported in files:
        return reported
    candidates = [f for f in files if f.endswith("/" + reported)]
    return candidates[0] if len(candidates) == 1 else None


class CiHandlers:
    """`ci.Handlers` over a fixtures directory."""

    def __init__(self, workspace: Workspace) -> None:
        self.ws = workspace

    def _job(self, record: JobRecord) -> ci.Job:
        lines = self.ws.log_lines(record)
        duration = duration_between(record.started_at, record.finished_at) if record.started_at and record.finished_at else None
        return ci.Job.model_validate(
            {
                "id": record.id,
                "name": record.name,
                "status": record.status,
                "conclusion": record.conclusion,
                "runner": record.runner,
                "started_at": record.started_at,
                "finished_at": record.finished_at,
                "duration": duration,
                "log_lines": 0 if lines is None else len(lines),
            }
        )

    def _log(self, tool: ToolDef, job_id: int) -> list[str]:
        record = self.ws.job(job_id)
        if record is None:
            raise tool.error("job_not_found")
        lines = self.ws.log_lines(record)
        if lines is None:
            raise tool.error("log_unavailable")
        return lines

    def _repo_path(self, tool: ToolDef, rel: str) -> str:
        try:
            return self.ws.normalize(rel)
        except OutsideWorkspace:
            raise tool.error("outside_workspace") from None

    async def list_jobs(self, args: ci.ListJobsArgs, ctx: HandlerContext) -> ci.JobList:
        jobs = [self._job(j) for j in self.ws.jobs if args.status is None or j.status == args.status]
        return ci.JobList(head_sha=self.ws.head_sha, jobs=jobs)

    async def get_job_status(self, args: ci.GetJobStatusArgs, ctx: HandlerContext) -> ci.Job:
        record = self.ws.job(args.job_id)
        if record is None:
            raise ci.GET_JOB_STATUS.error("job_not_found")
        return self._job(record)

    async def read_log(self, args: ci.ReadLogArgs, ctx: HandlerContext) -> ci.LogSlice:
        lines = self._log(ci.READ_LOG, args.job_id)
        start = max(args.start_line, 1)
        if start > len(lines):
            raise ci.READ_LOG.error("line_out_of_range", f"start_line {start} is past the end of the log, which has {len(lines)} lines")
        end = min(start - 1 + args.max_lines, len(lines))
        return ci.LogSlice(
            job_id=args.job_id, start_line=args.start_line, end_line=end, total_lines=len(lines), lines=lines[start - 1 : end], more=end < len(lines)
        )

    async def find_error_blocks(self, args: ci.FindErrorBlocksArgs, ctx: HandlerContext) -> ci.ErrorBlocks:
        lines = self._log(ci.FIND_ERROR_BLOCKS, args.job_id)
        found = ci_logs.find_errors(lines)
        blocks: list[ci.ErrorBlock] = []
        for f in found[: args.max_blocks]:
            first = max(f.index - args.context_lines, 0)
            last = min(f.index + args.context_lines, len(lines) - 1)
            blocks.append(
                ci.ErrorBlock(kind=f.kind, headline=f.headline, line=f.index + 1, start_line=first + 1, end_line=last + 1, lines=lines[first : last + 1])
            )
        return ci.ErrorBlocks(job_id=args.job_id, blocks=blocks, more=len(found) > args.max_blocks)

    async def summarize_test_failures(self, args: ci.SummarizeTestFailuresArgs, ctx: HandlerContext) -> ci.TestSummary:
        lines = self._log(ci.SUMMARIZE_TEST_FAILURES, args.job_id)
        report = ci_logs.test_report(lines)
        if report is None:
            raise ci.SUMMARIZE_TEST_FAILURES.error("no_test_output")
        files = self.ws.files_under("")
        failures = [
            ci.TestFailure(
                name=f.name, message=f.message, file=None if f.file is None else _locate(files, f.file), line=f.line, log_line=f.index + 1
            )
            for f in report.failures
        ]
        return ci.TestSummary(
            job_id=args.job_id, runner=report.runner, passed=report.passed, failed=report.failed, ignored=report.ignored, failures=failures
        )

    async def list_changed_files(self, args: ci.ListChangedFilesArgs, ctx: HandlerContext) -> ci.ChangedFiles:
        # A prefix that leaves the repository simply matches nothing.
        prefix: str | None = ""
        if args.path_prefix is not None:
            try:
                prefix = self.ws.normalize(args.path_prefix)
            except OutsideWorkspace:
                prefix = None
        files = [
            ci.ChangedFile(path=p.path, old_path=p.old_path, change=p.change, additions=p.additions, deletions=p.deletions)
            for p in self.ws.patches
            if (args.change is None or p.change == args.change) and prefix is not None and is_under(p.path, prefix)
        ]
        return ci.ChangedFiles(base_sha=self.ws.base_sha, head_sha=self.ws.head_sha, files=files)

    async def get_diff(self, args: ci.GetDiffArgs, ctx: HandlerContext) -> ci.Diff:
        wanted: str | None = None
        if args.path is not None:
            try:
                wanted = self.ws.normalize(args.path)
            except OutsideWorkspace:
                raise ci.GET_DIFF.error("file_not_in_diff") from None
        patches: list[FilePatch] = [p for p in self.ws.patches if wanted is None or wanted in (p.path, p.old_path)]
        if wanted is not None and not patches:
            raise ci.GET_DIFF.error("file_not_in_diff")
        budget = args.max_lines
        truncated = False
        files: list[ci.FileDiff] = []
        for p in patches:
            if budget == 0:
                truncated = True
                break
            take = min(len(p.lines), budget)
            truncated = truncated or take < len(p.lines)
            budget -= take
            files.append(ci.FileDiff(path=p.path, change=p.change, patch="\n".join(p.lines[:take])))
        return ci.Diff(base_sha=self.ws.base_sha, head_sha=self.ws.head_sha, files=files, truncated=truncated)

    async def read_file(self, args: ci.ReadFileArgs, ctx: HandlerContext) -> ci.FileSlice:
        rel = self._repo_path(ci.READ_FILE, args.path)
        path = self.ws.resolve(rel)
        if rel == "" or not path.is_file():
            raise ci.READ_FILE.error("file_not_found")
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            raise ci.READ_FILE.error("not_a_text_file") from None
        lines = lines_of(text)
        start = max(args.start_line, 1)
        last_wanted = len(lines) if args.end_line is None else args.end_line
        end = max(min(last_wanted, len(lines), start - 1 + MAX_FILE_LINES), start - 1)
        return ci.FileSlice(path=rel, start_line=args.start_line, end_line=end, total_lines=len(lines), lines=lines[start - 1 : end])

    async def search_code(self, args: ci.SearchCodeArgs, ctx: HandlerContext) -> ci.SearchResults:
        pattern = re.escape(args.query) if args.mode == "literal" else args.query
        try:
            compiled = re.compile(pattern, 0 if args.case_sensitive else re.IGNORECASE)
        except re.error as e:
            raise ci.SEARCH_CODE.error("invalid_regex", str(e)) from None
        directory = "" if args.path_prefix is None else self._repo_path(ci.SEARCH_CODE, args.path_prefix)
        matches: list[common.TextMatch] = []
        for file in self.ws.files_under(""):
            if not is_under(file, directory):
                continue
            path = self.ws.resolve(file)
            if path.stat().st_size > MAX_SEARCH_FILE_BYTES:
                continue
            try:
                text = path.read_bytes().decode("utf-8")
            except UnicodeDecodeError:
                continue  # binary files hold no code to search
            for i, line in enumerate(lines_of(text)):
                found = compiled.search(line)
                if found is None:
                    continue
                if len(matches) == args.max_results:
                    return ci.SearchResults(matches=matches, truncated=True)
                matches.append(common.TextMatch(path=file, line=i + 1, column=found.start() + 1, text=line[:400]))
        return ci.SearchResults(matches=matches, truncated=False)

    async def list_files(self, args: ci.ListFilesArgs, ctx: HandlerContext) -> ci.FileList:
        directory = self._repo_path(ci.LIST_FILES, args.under)
        if not self.ws.resolve(directory).is_dir():
            raise ci.LIST_FILES.error("file_not_found")
        paths = self.ws.files_under(directory, args.max_depth)
        return ci.FileList(paths=paths[:MAX_LISTED], truncated=len(paths) > MAX_LISTED)
