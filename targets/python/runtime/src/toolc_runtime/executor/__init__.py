"""The executor of the toolc runtime: toolboxes, executors and sessions,
the pipeline every call goes through, and the rate-limit store in memory.
"""

from __future__ import annotations

from .calls import (
    Approval,
    AuditRecord,
    CallContent,
    CallRequest,
    CallStart,
    CallTrace,
    ExecutorEvent,
    ExecutorOptions,
    LogEntry,
    Refusal,
    ResultError,
    SessionInfo,
    SessionInit,
    StepBudget,
    Summary,
    Telemetry,
    ToolResult,
    ToolSummary,
)
from .executor import Executor
from .pipeline import ClientAsker
from .ratelimit import Admission, MemoryStore, RateLimitStore, default_namespace, rate_limit_key
from .session import Session
from .settle import HandlerContext
from .toolbox import Toolbox

__all__ = [
    "Admission",
    "Approval",
    "AuditRecord",
    "CallContent",
    "CallRequest",
    "CallStart",
    "CallTrace",
    "ClientAsker",
    "Executor",
    "ExecutorEvent",
    "ExecutorOptions",
    "HandlerContext",
    "LogEntry",
    "MemoryStore",
    "RateLimitStore",
    "Refusal",
    "ResultError",
    "Session",
    "SessionInfo",
    "SessionInit",
    "StepBudget",
    "Summary",
    "Telemetry",
    "ToolResult",
    "ToolSummary",
    "Toolbox",
    "default_namespace",
    "rate_limit_key",
]
