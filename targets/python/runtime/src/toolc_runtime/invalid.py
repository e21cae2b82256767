"""A validation failure on its way out of the checker: each level it passes
puts its own path segment in front."""

from __future__ import annotations

from typing import NoReturn, Optional, Union

from .values import pointer


class Invalid(Exception):
    """A violation, its path relative to the value being checked: each level
    that the error passes on its way out puts its own segment in front, so
    that no path is written for a value that passes."""

    def __init__(self, path: str, message: str, hint: Optional[str] = None) -> None:
        super().__init__(message)
        self.path = path
        self.message = message
        self.hint = hint

    def secret(self, segment: str) -> Invalid:
        """This violation of a ``@secret`` value, as seen from the object
        holding it at ``segment``, showing nothing of the value: the message
        loses its ``, got ...`` part, and an error inside the value (whose
        path or message could name its keys) becomes ``is not valid`` at the
        field."""
        if self.path != "":
            return Invalid(pointer("", segment), "is not valid")
        cut = self.message.find(", got ")
        return Invalid(pointer("", segment), self.message if cut < 0 else self.message[:cut], self.hint)

    def under(self, segment: Union[str, int]) -> Invalid:
        """This violation as seen from the object or array holding the value
        at ``segment``."""
        return Invalid(pointer("", segment) + self.path, self.message, self.hint)


def fail(message: str, hint: Optional[str] = None) -> NoReturn:
    """A violation of the value being checked."""
    raise Invalid("", message, hint)


def fail_at(segment: Union[str, int], message: str, hint: Optional[str] = None) -> NoReturn:
    """A violation of the member ``segment`` of the object or array being checked."""
    raise Invalid(pointer("", segment), message, hint)
