"""Print an :class:`~.core.ExportModel` as Promela for SPIN.

Shape: one ``init`` process. An atomic prologue picks the frozen values nondeterministically and
checks the state properties on the initial state; then a ``do`` loop has one ``d_step`` per event
instance and argument value: its guard, the step properties of that event (asserted on the
pre-state), the assignments (through hidden temporaries, since every right-hand side reads the
pre-state), and the state properties on the post-state. A ``d_step`` is one indivisible transition,
so SPIN's "states stored" counts exactly the model's states (plus the prologue's few).

Every assertion names its property: ``prop_<id> = (...); assert(prop_<id>)``, so ``pan`` prints
``assertion violated prop_no_schedule_without_ready``. The ``prop_`` flags and temporaries are
``hidden``: written and read within one ``d_step``, never part of the state vector.
"""

from __future__ import annotations

import z3

from .core import ExportModel, Printer, VarInfo, header_lines


class PromelaPrinter(Printer):
    """Promela spelling: ``&&``, ``||``, ``!``, ``(c -> a : b)``."""

    def not_(self, a: str) -> str:
        return f"!{a}" if a.startswith("(") or a.isidentifier() else f"!({a})"

    def ite(self, c: str, a: str, b: str) -> str:
        return f"({c} -> {a} : {b})"


def _ctype(v: VarInfo) -> str:
    if v.sort == "bool":
        return "bool"
    if v.lo >= 0 and v.hi <= 255:
        return "byte"
    if v.lo >= -32768 and v.hi <= 32767:
        return "short"
    return "int"


def _lit(v: VarInfo, value: object) -> str:
    if v.sort == "bool":
        return "true" if value else "false"
    return str(int(value))  # type: ignore[call-overload]


def render(em: ExportModel) -> str:
    """The whole Promela model as text (deterministic)."""
    pr = PromelaPrinter()
    out: list[str] = ["/*"]
    out += [f" * {line}".rstrip() for line in header_lines(em, "promela")]
    out += [
        " *",
        " * Check: spin -a model.pml && gcc -O2 -o pan pan.c && ./pan -m100000",
        " * A violated property shows as 'assertion violated prop_<property id with _ for ->'.",
        " */",
        "",
    ]
    for v in em.variables:
        init = "" if v.frozen else f" = {_lit(v, em.initial(v.key))}"
        out.append(f"{_ctype(v)} {v.ident}{init};  /* {v.doc} */" if v.doc else f"{_ctype(v)} {v.ident}{init};")
    out.append("")
    props = em.exported
    for p in props:
        out.append(f"hidden byte {p.ident};")
    ntemps = max((len(t.assign) for t in em.transitions), default=0)
    for i in range(ntemps):
        out.append(f"hidden int t{i};")
    out.append("")

    def state_checks(indent: str) -> list[str]:
        lines = []
        for p in props:
            if p.kind == "state" and p.term is not None and not z3.is_true(p.term):
                lines.append(f"{indent}{p.ident} = {pr(p.term)};")
                lines.append(f"{indent}assert({p.ident});")
        return lines

    out.append("inline check_state() {  /* the state properties, asserted on the current state */")
    out += state_checks("  ") or ["  skip"]
    out.append("}")
    out.append("")
    out.append("init {")
    out.append("  atomic {")
    for v in em.variables:
        if v.frozen and v.sort == "int" and v.key[1] != "toleration_seconds":
            dom = em.frozen_domains[v.key[1]]
            out.append("    if " + " ".join(f":: {v.ident} = {x};" for x in dom) + " fi;")
    for pod in range(em.cfg.pods):
        out.append(f"    if  /* pod {pod}'s tolerations */")
        for name, alt in em.profile_assignments(pod):
            sets = " ".join(f"{em.by_key[k].ident} = {_lit(em.by_key[k], x)};" for k, x in alt.items())
            out.append(f"    :: /* {name} */ {sets}")
        out.append("    fi;")
    out.append("    check_state()")
    out.append("  };")
    out.append("  do")
    for t in em.transitions:
        out.append(f"  :: d_step {{ /* {t.label} */")
        out.append(f"    {pr(t.guard)} ->")
        for pid, term in t.step_checks:
            ident = "prop_" + pid.replace("-", "_")
            out.append(f"    {ident} = {pr(term)};")
            out.append(f"    assert({ident});")
        items = list(t.assign.items())
        direct = [(k, v) for k, v in items if z3.is_int_value(v) or z3.is_true(v) or z3.is_false(v)]
        computed = [(k, v) for k, v in items if (k, v) not in direct]
        if len(computed) == 1:
            direct.append(computed.pop())
        for i, (_, v) in enumerate(computed):
            out.append(f"    t{i} = {pr(v)};")
        for i, (k, _) in enumerate(computed):
            out.append(f"    {em.by_key[k].ident} = t{i};")
        for k, v in direct:
            out.append(f"    {em.by_key[k].ident} = {pr(v)};")
        out.append("    check_state()")
        out.append("  }")
    out.append("  od")
    out.append("}")
    return "\n".join(out) + "\n"
