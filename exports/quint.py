"""Print an :class:`~.core.ExportModel` as a Quint specification.

Shape: one module with a ``var`` per state variable; ``init`` picks the frozen values with
``nondet ... oneOf``; one action per event instance and argument value (every action assigns every
variable, as Quint requires), and ``step = any { ... }``. Step properties are recorded in auxiliary
Boolean variables ``ok_<property>``: each action sets them to the property evaluated on its pre-state
and post-values, so a step property becomes an invariant ``inv_<property> = ok_<property>``.
``last_action`` names the action taken, for reading traces. ``inv`` is the conjunction of all.

Run: ``quint run --backend=typescript --invariant=inv --max-samples=N --max-steps=K model.qnt``.
"""

from __future__ import annotations

import z3

from .core import ExportModel, Printer, header_lines


class QuintPrinter(Printer):
    """Quint spelling: ``and``, ``or``, ``not(...)``, ``if (c) a else b``."""

    and_, or_ = "and", "or"

    def not_(self, a: str) -> str:
        return f"not({a})"

    def ite(self, c: str, a: str, b: str) -> str:
        return f"(if ({c}) {a} else {b})"

    def implies(self, a: str, b: str) -> str:
        return f"({a} implies {b})"

    def neg_int(self, v: int) -> str:
        return f"(0 - {-v})"


def _lit(sort: str, value: object) -> str:
    if sort == "bool":
        return "true" if value else "false"
    v = int(value)  # type: ignore[call-overload]
    return str(v) if v >= 0 else f"(0 - {-v})"


def render(em: ExportModel) -> str:
    """The whole Quint module as text (deterministic)."""
    pr = QuintPrinter()
    out = [f"// {line}".rstrip() for line in header_lines(em, "quint")]
    out += [
        "//",
        "// Check: quint run --backend=typescript --invariant=inv --max-samples=1000 --max-steps=60 model.qnt",
        "// A violated property shows as a violated invariant; 'quint run --invariants inv_<id> ...' names it.",
        "",
        "module nodereg {",
    ]
    props = em.exported
    step_props = [p for p in props if p.kind == "step"]
    for v in em.variables:
        out.append(f"  var {v.ident}: {'bool' if v.sort == 'bool' else 'int'}  // {v.doc}".rstrip())
    out.append("  var last_action: str")
    for p in step_props:
        out.append(f"  var ok_{p.ident[5:]}: bool  // step property {p.id} held on the last step")
    out.append("")

    # init: frozen values first, then everything else
    out.append("  action init = {")
    frozen_ints = [v for v in em.variables if v.frozen and v.sort == "int" and v.key[1] != "toleration_seconds"]
    for v in frozen_ints:
        dom = ", ".join(str(x) for x in em.frozen_domains[v.key[1]])
        out.append(f"    nondet c_{v.ident} = Set({dom}).oneOf()")
    profiles = [em.profile_assignments(p) for p in range(em.cfg.pods)]
    for pod, alts in enumerate(profiles):
        out.append(
            f"    nondet c_profile{pod} = Set({', '.join(str(i) for i in range(len(alts)))}).oneOf()"
            f"  // {'; '.join(f'{i}: {n}' for i, (n, _) in enumerate(alts))}"
        )
    out.append("    all {")
    for v in em.variables:
        if v.frozen and v.sort == "int" and v.key[1] != "toleration_seconds":
            val = f"c_{v.ident}"
        elif v.frozen:
            pod = v.key[2]
            alts = profiles[pod]
            val = _lit(v.sort, alts[-1][1][v.key])
            for i in range(len(alts) - 2, -1, -1):
                val = f"if (c_profile{pod} == {i}) {_lit(v.sort, alts[i][1][v.key])} else {val}"
        else:
            val = _lit(v.sort, em.initial(v.key))
        out.append(f"      {v.ident}' = {val},")
    out.append('      last_action\' = "init",')
    for p in step_props:
        out.append(f"      ok_{p.ident[5:]}' = true,")
    out.append("    }")
    out.append("  }")
    out.append("")

    for t in em.transitions:
        checks = dict(t.step_checks)
        out.append(f"  // {t.label}")
        out.append(f"  action a_{t.ident} = {{")
        for name, sort, values in t.arg_domains():
            dom = ", ".join(_lit(sort, x) for x in values)
            out.append(f"    nondet {name} = Set({dom}).oneOf()")
        for name, text in pr.shared([t.guard, *t.assign.values(), *checks.values()], "s"):
            out.append(f"    val {name} = {text}")
        out.append("    all {")
        out.append(f"      {pr(t.guard)},")
        for v in em.variables:
            val = pr(t.assign[v.key]) if v.key in t.assign else v.ident
            out.append(f"      {v.ident}' = {val},")
        out.append(f'      last_action\' = "{t.label}",')  # the instance; its arguments show in the state
        for p in step_props:
            term = checks.get(p.id)
            out.append(f"      ok_{p.ident[5:]}' = {pr(term) if term is not None else 'true'},")
        out.append("    }")
        out.append("  }")
        pr.names = None
    out.append("")
    out.append("  action step = any {")
    for t in em.transitions:
        out.append(f"    a_{t.ident},")
    out.append("  }")
    out.append("")
    for p in props:
        if p.kind == "state":
            assert p.term is not None
            out.append(f"  val inv_{p.ident[5:]} = {pr(p.term) if not z3.is_true(p.term) else 'true'}")
        else:
            out.append(f"  val inv_{p.ident[5:]} = ok_{p.ident[5:]}")
    out.append("  val inv = and {")
    for p in props:
        out.append(f"    inv_{p.ident[5:]},")
    out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"
