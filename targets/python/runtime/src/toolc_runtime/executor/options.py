"""The executor's and the sessions' options, checked when the executor or
the session is made: a budget of ``nan`` would mean no budget, a negative
log limit no log, and such a mistake must show at once, not as a call that
behaves oddly weeks later. A bad number raises ``ValueError``, a value of
the wrong type ``TypeError``; either names the option.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

DEFAULT_TIMEOUT_MS = 600_000
DEFAULT_LOG_LIMIT = 1000
DEFAULT_DUPLICATE_WINDOW = 1000
DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000

TIERS = ("core", "extended")
RISKS = ("low", "medium", "high", "critical")


def _count(name: str, value: object, least: int) -> None:
    """Raises unless ``value`` is None or an integer of at least ``least``."""
    if value is None:
        return
    whole = isinstance(value, int) and not isinstance(value, bool)
    whole = whole or (isinstance(value, float) and value.is_integer())
    if not whole or value < least:  # type: ignore[operator]
        what = "a positive integer" if least > 0 else "a non-negative integer"
        raise ValueError(f"{name} must be {what}, got {value!r}")


def _budget(name: str, given: object) -> None:
    if given is None:
        return
    if not isinstance(given, Mapping):
        raise TypeError(f"{name} must be a dict {{max, warn_at?}}")
    given = cast("Mapping[str, object]", given)
    if given.get("max") is None:
        raise ValueError(f"{name}.max must be a non-negative integer, got None")
    _count(f"{name}.max", given.get("max"), 0)
    _count(f"{name}.warn_at", given.get("warn_at"), 0)


def _callable(name: str, value: object) -> None:
    if value is not None and not callable(value):
        raise TypeError(f"{name} must be callable")


def _strings(name: str, value: object) -> None:
    if value is None:
        return
    if isinstance(value, str) or not isinstance(value, (list, tuple)) or not all(isinstance(g, str) for g in cast("Sequence[object]", value)):
        raise TypeError(f"{name} must be a list of strings")


def check_executor_options(options: Mapping[str, Any]) -> None:
    """Checks the options ``create_executor`` is given; raises naming the first bad one."""
    _budget("step_budget", options.get("step_budget"))
    _count("default_timeout_ms", options.get("default_timeout_ms"), 1)
    _count("log_limit", options.get("log_limit"), 0)
    _count("duplicate_window", options.get("duplicate_window"), 0)
    _count("session_idle_ms", options.get("session_idle_ms"), 1)
    _strings("grants", options.get("grants"))
    max_risk = options.get("max_risk")
    if max_risk is not None and max_risk not in RISKS:
        raise ValueError(f"max_risk must be one of {', '.join(RISKS)}, got {max_risk!r}")
    tiers = options.get("tiers")
    _strings("tiers", tiers)
    if tiers is not None and any(t not in TIERS for t in tiers):
        raise ValueError(f"tiers must hold only {', '.join(TIERS)}, got {list(tiers)!r}")
    meta = options.get("meta")
    if meta is not None and not isinstance(meta, Mapping):
        raise TypeError("meta must be a dict")
    namespace = options.get("namespace")
    if namespace is not None and not isinstance(namespace, str):
        raise TypeError("namespace must be a string")
    store = options.get("rate_limit_store")
    if store is not None and not callable(getattr(store, "admit", None)):
        raise TypeError("rate_limit_store must have an admit method")
    telemetry = options.get("telemetry")
    if telemetry is not None and not callable(getattr(telemetry, "start", None)):
        raise TypeError("telemetry must have a start method")
    for hook in ("approve", "guard", "after", "grants_for", "on_event", "snapshot", "audit", "now"):
        _callable(hook, options.get(hook))


def check_session_init(init: Mapping[str, Any]) -> None:
    """Checks what a session is opened with; raises naming the first bad entry."""
    _budget("step_budget", init.get("step_budget"))
    for key in ("id", "principal"):
        if init.get(key) is not None and not isinstance(init.get(key), str):
            raise TypeError(f"{key} must be a string")
    _strings("grants", init.get("grants"))
    context = init.get("context")
    if context is not None and not isinstance(context, Mapping):
        raise TypeError("context must be a dict")
