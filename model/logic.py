"""Connectives that work on three kinds of value, so that every guard and effect is written once.

The model's guards and effects are ordinary Python functions over a state view. They never use
``and``/``or``/``not``/``if`` on state values (Python cannot overload those); they use the
functions below instead. Given plain Python values they compute a concrete result (the executable
semantics); given Z3 terms they build a Z3 formula (the symbolic semantics); given :class:`Code`
terms they build Python source text, which :mod:`nodereg.model.semantics` compiles into the fast
step function the oracle and the explicit-state explorer run. One definition, three readings:
that is what lets tests prove the concrete and symbolic semantics agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import Any

import z3

__all__ = [
    "And",
    "Code",
    "If",
    "Implies",
    "Max",
    "Min",
    "Not",
    "Or",
    "Sum",
    "is_symbolic",
]


class Code:
    """A Python expression as source text, built by running a guard or effect on symbols.

    Arithmetic and comparison operators build larger expressions; the connectives below build
    ``and``/``or``/``not``/conditional expressions. Constants are folded so that the generated
    code stays short (``x and True`` becomes ``x``).
    """

    __slots__ = ("src",)

    def __init__(self, src: str) -> None:
        self.src = src

    def __repr__(self) -> str:
        return f"Code({self.src!r})"

    # Arithmetic -----------------------------------------------------------------------------
    def _bin(self, op: str, other: Any, swap: bool = False) -> Code:
        a, b = (lit(other), self.src) if swap else (self.src, lit(other))
        return Code(f"({a} {op} {b})")

    def __add__(self, o: Any) -> Code:
        return self if _is_const(o, 0) else self._bin("+", o)

    def __radd__(self, o: Any) -> Code:
        return self if _is_const(o, 0) else self._bin("+", o, swap=True)

    def __sub__(self, o: Any) -> Code:
        return self._bin("-", o)

    def __rsub__(self, o: Any) -> Code:
        return self._bin("-", o, swap=True)

    def __mul__(self, o: Any) -> Code:
        return self._bin("*", o)

    def __rmul__(self, o: Any) -> Code:
        return self._bin("*", o, swap=True)

    def __lt__(self, o: Any) -> Code:
        return self._bin("<", o)

    def __le__(self, o: Any) -> Code:
        return self._bin("<=", o)

    def __gt__(self, o: Any) -> Code:
        return self._bin(">", o)

    def __ge__(self, o: Any) -> Code:
        return self._bin(">=", o)

    def __eq__(self, o: Any) -> Code:  # type: ignore[override]
        return self._bin("==", o)

    def __ne__(self, o: Any) -> Code:  # type: ignore[override]
        return self._bin("!=", o)

    def __hash__(self) -> int:
        return hash(self.src)

    def __bool__(self) -> bool:
        raise TypeError("a model guard used Python 'and/or/not/if' on a state value; use nodereg.model.logic")


def lit(v: Any) -> str:
    """Source text of a value (a Code term or a Python constant)."""
    if isinstance(v, Code):
        return v.src
    return repr(v)


def _is_const(v: Any, c: Any) -> bool:
    return not isinstance(v, Code | z3.ExprRef) and type(v) is type(c) and v == c


def is_symbolic(*vs: Any) -> bool:
    """True when any value is a Z3 term: then the connectives must build Z3 formulas."""
    return any(isinstance(v, z3.ExprRef) for v in vs)


def _is_code(*vs: Any) -> bool:
    return any(isinstance(v, Code) for v in vs)


def And(*args: Any) -> Any:
    """Conjunction of booleans, Z3 formulas or Code terms (constants are folded away)."""
    items = _flatten(args)
    if is_symbolic(*items):
        return z3.And(*[_z3b(x) for x in items]) if items else z3.BoolVal(True)
    if _is_code(*items):
        if any(x is False for x in items):
            return False
        rest = [x for x in items if x is not True]
        if not rest:
            return True
        if len(rest) == 1:
            return rest[0]
        return Code("(" + " and ".join(lit(x) for x in rest) + ")")
    return all(items)


def Or(*args: Any) -> Any:
    """Disjunction of booleans, Z3 formulas or Code terms (constants are folded away)."""
    items = _flatten(args)
    if is_symbolic(*items):
        return z3.Or(*[_z3b(x) for x in items]) if items else z3.BoolVal(False)
    if _is_code(*items):
        if any(x is True for x in items):
            return True
        rest = [x for x in items if x is not False]
        if not rest:
            return False
        if len(rest) == 1:
            return rest[0]
        return Code("(" + " or ".join(lit(x) for x in rest) + ")")
    return any(items)


def Not(a: Any) -> Any:
    """Negation."""
    if isinstance(a, z3.ExprRef):
        return z3.Not(a)
    if isinstance(a, Code):
        return Code(f"(not {a.src})")
    return not a


def Implies(a: Any, b: Any) -> Any:
    """Material implication."""
    if is_symbolic(a, b):
        return z3.Implies(_z3b(a), _z3b(b))
    return Or(Not(a), b)


def If(c: Any, t: Any, e: Any) -> Any:
    """A conditional value: Z3 ``If``, a Python conditional expression, or the chosen branch."""
    if is_symbolic(c, t, e):
        # a value of an uninterpreted sort (the parameterized encoding's node reference) reads the
        # Python literal on the other branch (``UNBOUND``) in its own sort, and the choice stays one
        for a, other in ((t, e), (e, t)):
            if hasattr(a, "lift_literal"):
                t, e = (a, a.lift_literal(other)) if a is t else (a.lift_literal(other), a)
                return a.wrap(z3.If(_z3b(c), t, e))
        return z3.If(_z3b(c), _z3v(t), _z3v(e))
    if isinstance(c, Code):
        if _same(t, e):
            return t
        return Code(f"({lit(t)} if {c.src} else {lit(e)})")
    return t if c else e


#: False while a formula is read for every cluster size at once (the parameterized encoding): there a
#: "pod" is one quantified variable, and a sum over the pods has no meaning.
SUMS_ALLOWED: ContextVar[bool] = ContextVar("SUMS_ALLOWED", default=True)


class SumOverUnboundedSort(ValueError):
    """A sum was asked for while every cluster size is read at once."""


#: While a formula is read for every cluster size, the reader of a sum over an unbounded sort (the
#: parameterized engine's inductive treatment of sums), or None: then such a sum cannot be stated.
SUM_READER: ContextVar[Callable[[Iterable[Any]], Any] | None] = ContextVar("SUM_READER", default=None)


def Sum(items: Iterable[Any]) -> Any:
    """Sum of integers, Z3 integer terms or Code terms."""
    reader = SUM_READER.get()
    if reader is not None:
        return reader(items)
    if not SUMS_ALLOWED.get():
        raise SumOverUnboundedSort("a sum over the pods depends on how many there are")
    out: Any = 0
    for x in items:
        out = x if _is_const(out, 0) else out + x
    return out


def Max(a: Any, b: Any) -> Any:
    """Maximum of two integers."""
    return If(a >= b, a, b)


def Min(a: Any, b: Any) -> Any:
    """Minimum of two integers."""
    return If(a <= b, a, b)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, Code) and isinstance(b, Code):
        return a.src == b.src
    if isinstance(a, Code) or isinstance(b, Code):
        return False
    return type(a) is type(b) and a == b


def _flatten(args: tuple[Any, ...]) -> list[Any]:
    out: list[Any] = []
    for a in args:
        if isinstance(a, list | tuple):
            out.extend(_flatten(tuple(a)))
        else:
            out.append(a)
    return out


def _z3b(x: Any) -> z3.BoolRef:
    if isinstance(x, z3.ExprRef):
        return x  # type: ignore[return-value]
    return z3.BoolVal(bool(x))


def _z3v(x: Any) -> z3.ExprRef:
    if isinstance(x, z3.ExprRef):
        return x
    if isinstance(x, bool):
        return z3.BoolVal(x)
    return z3.IntVal(x)
