"""ECMAScript regexes (JSON Schema's dialect, run with the ``u`` flag) on
Python's ``regex`` module.

A ``pattern`` means what an ECMAScript engine makes of it with the ``u``
flag: that is how ajv and the TypeScript runtime run it, and the Rust
runtime translates it for the ``regex`` crate to the same effect. Python's
syntax and classes differ (``\\d`` and ``\\w`` are Unicode, ``.`` stops only
at ``\\n``, ``$`` also matches before a final newline), so a pattern is
rewritten here, as the compiler rewrites it for Rust: ``.`` is a code point
but a line terminator, ``\\d``/``\\w``/``\\s``/``\\b`` are ECMAScript's
sets, ``$`` is the end of the string, ``\\p{L}`` a property, and every
literal inside brackets is written as a code point escape (``regex``'s
version 1 syntax reads nested sets, which negated escapes need there).

What the compiler refuses in a ``.tool`` file (look-around,
back-references, escapes the ``u`` flag forbids, names ECMAScript does not
list) is refused here too: such a pattern matches no string, as a pattern
the TypeScript runtime cannot compile does not.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional, Union

import regex

__all__ = ["compile_pattern", "matches", "to_python"]

_DOT = r"[^\n\r\u2028\u2029]"
_DIGIT = "0-9"
_WORD = "A-Za-z0-9_"
_SPACE = (
    r"\t\n\x0b\x0c\r\x20\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
_WORD_CLASS = "[A-Za-z0-9_]"
# ECMAScript's `\b` and `\B` with the `u` flag (and no `i`): ASCII word characters.
_BOUNDARY = f"(?:(?<={_WORD_CLASS})(?!{_WORD_CLASS})|(?<!{_WORD_CLASS})(?={_WORD_CLASS}))"
_NOT_BOUNDARY = f"(?:(?<={_WORD_CLASS})(?={_WORD_CLASS})|(?<!{_WORD_CLASS})(?!{_WORD_CLASS}))"
_SYNTAX = frozenset("^$\\.*+?()[]{}|")
_MAX_DEPTH = 128

_GENERAL_CATEGORIES = frozenset(
    "C Other Cc Control cntrl Cf Format Cn Unassigned Co Private_Use Cs Surrogate "
    "L Letter LC Cased_Letter Ll Lowercase_Letter Lm Modifier_Letter Lo Other_Letter "
    "Lt Titlecase_Letter Lu Uppercase_Letter M Mark Combining_Mark Mc Spacing_Mark "
    "Me Enclosing_Mark Mn Nonspacing_Mark N Number Nd Decimal_Number digit Nl "
    "Letter_Number No Other_Number P Punctuation punct Pc Connector_Punctuation Pd "
    "Dash_Punctuation Pe Close_Punctuation Pf Final_Punctuation Pi Initial_Punctuation "
    "Po Other_Punctuation Ps Open_Punctuation S Symbol Sc Currency_Symbol Sk "
    "Modifier_Symbol Sm Math_Symbol So Other_Symbol Z Separator Zl Line_Separator Zp "
    "Paragraph_Separator Zs Space_Separator".split()
)
_BINARY = frozenset(
    "ASCII ASCII_Hex_Digit AHex Alphabetic Alpha Any Assigned Bidi_Control Bidi_C "
    "Bidi_Mirrored Bidi_M Case_Ignorable CI Cased Changes_When_Casefolded CWCF "
    "Changes_When_Casemapped CWCM Changes_When_Lowercased CWL "
    "Changes_When_NFKC_Casefolded CWKCF Changes_When_Titlecased CWT "
    "Changes_When_Uppercased CWU Dash Default_Ignorable_Code_Point DI Deprecated Dep "
    "Diacritic Dia Emoji Emoji_Component EComp Emoji_Modifier EMod Emoji_Modifier_Base "
    "EBase Emoji_Presentation EPres Extended_Pictographic ExtPict Extender Ext "
    "Grapheme_Base Gr_Base Grapheme_Extend Gr_Ext Hex_Digit Hex IDS_Binary_Operator IDSB "
    "IDS_Trinary_Operator IDST ID_Continue IDC ID_Start IDS Ideographic Ideo Join_Control "
    "Join_C Logical_Order_Exception LOE Lowercase Lower Math Noncharacter_Code_Point "
    "NChar Pattern_Syntax Pat_Syn Pattern_White_Space Pat_WS Quotation_Mark QMark "
    "Radical Regional_Indicator RI Sentence_Terminal STerm Soft_Dotted SD "
    "Terminal_Punctuation Term Unified_Ideograph UIdeo Uppercase Upper "
    "Variation_Selector VS White_Space space XID_Continue XIDC XID_Start XIDS".split()
)
"""Binary properties and their aliases (ECMA-262, "Binary Unicode property
aliases"), as the compiler lists them."""


class PatternError(ValueError):
    """A pattern ECMAScript (with the ``u`` flag, in the linear-time subset
    the compiler accepts) does not take."""


def matches(pattern: str, value: str) -> bool:
    """Whether ``value`` matches ``pattern`` anywhere (JSON Schema patterns
    are not anchored); a pattern that cannot be compiled matches nothing."""
    compiled = compile_pattern(pattern)
    return compiled is not None and compiled.search(value) is not None


@lru_cache(maxsize=4096)
def compile_pattern(pattern: str) -> Optional[regex.Pattern[str]]:
    """The compiled form of an ECMAScript pattern, or None when it is not one
    the other runtimes run. Memoized: tool sets repeat a few patterns."""
    try:
        return regex.compile(to_python(pattern), regex.V1)
    except (PatternError, regex.error, OverflowError):
        return None


def to_python(source: str) -> str:
    """The ``regex``-module (version 1) pattern equivalent to the ECMAScript
    pattern ``source``; raises ``PatternError`` for one ECMAScript (or the
    compiler) refuses."""
    t = _Translator(source)
    t.disjunction()
    if t.pos < len(source):
        raise PatternError("unmatched `)`")
    return "".join(t.out)


def _code(c: str) -> str:
    """A code point as an escape that means that character anywhere."""
    return f"\\U{ord(c):08X}"


def _literal(c: str) -> str:
    """A literal: letters and digits as they are, anything else escaped."""
    return c if c.isalnum() or c == "_" else _code(c)


_Item = Union[str, "tuple[str]"]
"""A class item: one character (a ``str`` of length 1), or a set ready to
embed in brackets (a one-element tuple)."""


class _Translator:
    def __init__(self, source: str) -> None:
        self.src = source
        self.pos = 0
        self.out: list[str] = []
        self.depth = 0
        self.names: set[str] = set()

    def peek(self, n: int = 0) -> Optional[str]:
        i = self.pos + n
        return self.src[i] if i < len(self.src) else None

    def eat(self, c: str) -> bool:
        if self.peek() == c:
            self.pos += 1
            return True
        return False

    def disjunction(self) -> None:
        while True:
            self.alternative()
            if not self.eat("|"):
                return
            self.out.append("|")

    def alternative(self) -> None:
        while (c := self.peek()) is not None:
            if c in "|)":
                return
            if c == "^":
                self.pos += 1
                self.out.append("^")
                quantifiable = False
            elif c == "$":
                self.pos += 1
                self.out.append(r"\Z")
                quantifiable = False
            elif c == "\\":
                quantifiable = self.escape()
            elif c == "(":
                self.group()
                quantifiable = True
            elif c == "[":
                self.char_class()
                quantifiable = True
            elif c == ".":
                self.pos += 1
                self.out.append(_DOT)
                quantifiable = True
            elif c in "*+?{}]":
                raise PatternError(f"nothing to repeat before `{c}`, or a lone `{c}`")
            else:
                self.pos += 1
                self.out.append(_literal(c))
                quantifiable = True
            if self.quantifier() and not quantifiable:
                raise PatternError("an assertion cannot be repeated")

    def braces(self) -> Optional[tuple[int, Optional[int], bool, int]]:
        """``{n}``, ``{n,}`` or ``{n,m}`` here: (min, max, comma, length)."""
        m = regex.match(r"\{([0-9]+)(,([0-9]*))?\}", self.src[self.pos :])
        if m is None:
            return None
        hi = m.group(3)
        return int(m.group(1)), int(hi) if hi else None, m.group(2) is not None, m.end()

    def quantifier(self) -> bool:
        c = self.peek()
        if c is not None and c in "*+?":
            self.pos += 1
            self.out.append(c)
        elif c == "{":
            found = self.braces()
            if found is None:
                raise PatternError("`{` must start a quantifier")
            lo, hi, comma, length = found
            if hi is not None and hi < lo:
                raise PatternError("numbers out of order in `{}` quantifier")
            if lo > 0xFFFFFFFF or (hi is not None and hi > 0xFFFFFFFF):
                raise PatternError("repetition count is too large")
            self.pos += length
            self.out.append(f"{{{lo}}}" if not comma else f"{{{lo},}}" if hi is None else f"{{{lo},{hi}}}")
        else:
            return False
        if self.eat("?"):
            self.out.append("?")
        return True

    def group(self) -> None:
        self.pos += 1
        if self.depth >= _MAX_DEPTH:
            raise PatternError("groups nest too deeply")
        if self.eat("?"):
            if self.eat(":"):
                self.out.append("(?:")
            elif self.peek() == "<" and self.peek(1) not in ("=", "!"):
                self.pos += 1
                end = self.src.find(">", self.pos)
                name = self.src[self.pos : end] if end >= 0 else ""
                if end < 0 or regex.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) is None:
                    raise PatternError("invalid capture group name")
                if name in self.names:
                    raise PatternError(f"duplicate capture group name `{name}`")
                self.names.add(name)
                self.pos = end + 1
                self.out.append(f"(?P<{name}>")
            else:
                raise PatternError("look-around assertions and other `(?` groups are not supported")
        else:
            self.out.append("(")
        self.depth += 1
        self.disjunction()
        self.depth -= 1
        if not self.eat(")"):
            raise PatternError("unclosed group")
        self.out.append(")")

    def escape(self) -> bool:
        """An escape outside brackets; whether it can be repeated."""
        nxt = self.peek(1)
        if nxt in ("b", "B"):
            self.pos += 2
            self.out.append(_BOUNDARY if nxt == "b" else _NOT_BOUNDARY)
            return False
        item = self.class_escape(in_class=False)
        self.out.append(_literal(item) if isinstance(item, str) else _as_class(item[0]))
        return True

    def class_escape(self, in_class: bool) -> _Item:
        """An escape that stands for one character or a set; ``pos`` is at
        the backslash."""
        self.pos += 1
        c = self.peek()
        if c is None:
            raise PatternError("pattern ends with a lone `\\`")
        self.pos += 1
        sets = {"d": _DIGIT, "w": _WORD, "s": _SPACE}
        if c in sets:
            return (sets[c],)
        if c in ("D", "W", "S"):
            return (f"[^{sets[c.lower()]}]",)
        simple = {"n": "\n", "r": "\r", "t": "\t", "f": "\x0c", "v": "\x0b"}
        if c in simple:
            return simple[c]
        if in_class and c == "b":
            return "\x08"
        if in_class and c == "-":
            return "-"
        if c == "0":
            d = self.peek()
            if d is not None and d.isascii() and d.isdigit():
                raise PatternError("octal escapes are not supported")
            return "\0"
        if c.isascii() and c.isdigit() or c == "k":
            raise PatternError("back-references are not supported")
        if c == "c":
            letter = self.peek()
            if letter is None or not (letter.isascii() and letter.isalpha()):
                raise PatternError("`\\c` must be followed by a letter")
            self.pos += 1
            return chr(ord(letter) % 32)
        if c == "x":
            return chr(self.hex_digits(2, "`\\x` must be followed by two hex digits"))
        if c == "u":
            return self.unicode_escape()
        if c in ("p", "P"):
            return (self.property(c),)
        if c in _SYNTAX or c == "/":
            return c
        raise PatternError(f"`\\{c}` is not an escape in Unicode mode")

    def hex_digits(self, n: int, problem: str) -> int:
        digits = self.src[self.pos : self.pos + n]
        if len(digits) != n or regex.fullmatch(r"[0-9A-Fa-f]+", digits) is None:
            raise PatternError(problem)
        self.pos += n
        return int(digits, 16)

    def unicode_escape(self) -> str:
        """``\\uXXXX`` (with surrogate pairs) or ``\\u{X...}``; ``pos`` is
        after ``u``."""
        bad = "`\\u` must be followed by four hex digits or `{hex}`"
        if self.eat("{"):
            m = regex.match(r"([0-9A-Fa-f]+)\}", self.src[self.pos :])
            if m is None:
                raise PatternError(bad)
            self.pos += m.end()
            v = int(m.group(1), 16)
            if v > 0x10FFFF or 0xD800 <= v < 0xE000:
                raise PatternError("`\\u{...}` is not a Unicode scalar value")
            return chr(v)
        hi = self.hex_digits(4, bad)
        if 0xD800 <= hi < 0xDC00 and self.src.startswith("\\u", self.pos):
            save = self.pos
            self.pos += 2
            try:
                lo = self.hex_digits(4, bad)
            except PatternError:
                lo = -1
            if 0xDC00 <= lo < 0xE000:
                return chr(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
            self.pos = save
        if 0xD800 <= hi < 0xE000:
            raise PatternError("a lone surrogate cannot match any string")
        return chr(hi)

    def property(self, c: str) -> str:
        if not self.eat("{"):
            raise PatternError(f"`\\{c}` must be followed by `{{property}}`")
        end = self.src.find("}", self.pos)
        name = self.src[self.pos : end] if end >= 0 else ""
        if end < 0 or regex.fullmatch(r"[A-Za-z0-9_=]+", name) is None:
            raise PatternError("unclosed or invalid Unicode property escape")
        self.pos = end + 1
        if not _is_ecmascript_property(name):
            raise PatternError(f"unknown Unicode property `{name}`")
        return f"\\{c}{{{name}}}"

    def char_class(self) -> None:
        self.pos += 1
        negated = self.eat("^")
        if self.eat("]"):
            # ECMAScript `[]` matches nothing, `[^]` any character.
            self.out.append(r"[\x00-\U0010FFFF]" if negated else r"[^\x00-\U0010FFFF]")
            return
        body: list[str] = []
        while True:
            c = self.peek()
            if c is None:
                raise PatternError("unclosed character class")
            if c == "]":
                self.pos += 1
                break
            first = self.class_atom()
            # A range needs `-` followed by something other than `]`.
            if self.peek() == "-" and self.peek(1) not in (None, "]"):
                self.pos += 1
                second = self.class_atom()
                if not isinstance(first, str) or not isinstance(second, str):
                    raise PatternError("a class escape such as `\\d` cannot end a range")
                if first > second:
                    raise PatternError("range out of order in character class")
                body.append(f"{_code(first)}-{_code(second)}")
            else:
                body.append(_code(first) if isinstance(first, str) else first[0])
        self.out.append(f"[{'^' if negated else ''}{''.join(body)}]")

    def class_atom(self) -> _Item:
        c = self.peek()
        if c == "\\":
            if self.peek(1) == "B":
                raise PatternError("`\\B` is not allowed in a character class")
            return self.class_escape(in_class=True)
        if c is None:
            raise PatternError("unclosed character class")
        self.pos += 1
        return c


def _as_class(contents: str) -> str:
    """A set's contents as a class of its own (a negated set already is one)."""
    return contents if contents.startswith("[") else f"[{contents}]"


def _is_ecmascript_property(name: str) -> bool:
    """Whether ``name`` (between the braces of ``\\p{...}``) is a property
    ECMAScript knows; ``regex`` must still accept it when compiled."""
    key, eq, value = name.partition("=")
    if not eq:
        return name in _GENERAL_CATEGORIES or name in _BINARY
    if key in ("General_Category", "gc"):
        return value in _GENERAL_CATEGORIES
    if key in ("Script", "sc", "Script_Extensions", "scx"):
        return regex.fullmatch(r"[A-Z][A-Za-z0-9]*(_[A-Z][A-Za-z0-9]*)*", value) is not None
    return False
