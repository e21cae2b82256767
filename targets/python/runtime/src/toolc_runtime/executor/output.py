"""A handler's return value as JSON: pydantic models (at any depth, in lists
and dicts) are dumped by alias with only the fields that were set, so that
an optional field left out stays out; plain JSON passes as it is; anything
else pydantic knows how to write (dates, enums, dataclasses) is written the
way pydantic writes it. What cannot be written raises ``ValueError``, and
the call fails with ``invalid_output``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError, to_jsonable_python

#: Deeper values are not walked: no output type is declared that deep.
_MAX_DEPTH = 256


def to_json(value: Any, depth: int = 0) -> Any:
    """``value`` as plain JSON (dicts, lists, str, int, float, bool, None)."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if depth > _MAX_DEPTH:
        raise ValueError("the output is nested too deeply")
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in cast("dict[object, object]", value).items():
            if not isinstance(key, str):
                raise ValueError(f"an object key is not a string: {key!r}")
            out[key] = to_json(item, depth + 1)
        return out
    if isinstance(value, (list, tuple)):
        return [to_json(item, depth + 1) for item in cast("Sequence[object]", value)]
    try:
        return to_jsonable_python(value, by_alias=True)
    except PydanticSerializationError as error:
        raise ValueError(str(error)) from error
