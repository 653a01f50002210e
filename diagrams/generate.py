"""Every committed diagram, produced in memory; then written to a folder or compared with one.

Producing everything as ``{relative path: bytes}`` first is what makes ``--check`` honest: it
runs exactly the code that writes, and compares bytes. Layout of the output folder::

    index.md                         every diagram: Mermaid inline, SVG linked, one sentence each
    node-lifecycle.{dot,mmd,svg,png} the state diagram for documentation (lifecycle.py)
    node-lifecycle.mermaid.png       what Mermaid draws of node-lifecycle.mmd (``make mermaid``; not
                                     written here: it needs a browser)
    node-lifecycle-detailed.{dot,svg} every transition with its event id, guards in full (state.py)
    node-lifecycle-events.md         every event: words, actor, guard formula, transitions, source
    scenarios/<id>.{mmd,svg}         registration, heartbeat-loss, recovery, cordon, re-registration
    mutants/<id>.{mmd,svg}           one counterexample per seeded mutant (nodereg verify --mutants)
    mutants/runs.json                those counterexamples, keyed by a hash of what the search reads
    MANIFEST.txt                     the files and the graphviz version that rendered them

Text outputs (DOT, Mermaid, Markdown) depend only on the model. Renders (SVG, PNG) also depend on
the graphviz version, so ``--check`` compares them only when the local graphviz is the one in
MANIFEST.txt, and says so otherwise.
"""

from __future__ import annotations

import hashlib
import inspect
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nodereg.model import declaration as d
from nodereg.model.semantics import Config, real_model

from . import counterexample, lifecycle, render, scenarios, sequence, state
from .extract import state_graph

RENDER_SUFFIXES = (".svg", ".png")
MANIFEST = "MANIFEST.txt"
MUTANT_CACHE = "mutants/runs.json"
#: Drawn by Mermaid's own renderer (``make mermaid``), not by this module: kept by ``write``.
MERMAID_PNG = "node-lifecycle.mermaid.png"
#: The cluster the mutants are verified on: the default of ``nodereg verify``.
MUTANT_CONFIG = Config(2, 2)


def default_dir() -> Path:
    """``diagrams/generated`` next to this code (the package is installed editable: the repo folder)."""
    import nodereg.diagrams

    return Path(nodereg.diagrams.__file__).parent / "generated"


@dataclass
class Output:
    """Everything ``nodereg diagrams`` writes, and the renders it had to skip (with the reason)."""

    files: dict[str, bytes] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    graphviz: str | None = None
    #: files whose stored results were reused instead of recomputed (a ``mutants/runs.json``)
    cached: list[str] = field(default_factory=list)

    def is_render(self, rel: str) -> bool:
        return rel.endswith(RENDER_SUFFIXES) or rel == MANIFEST


def _try_render(out: Output, rel: str, source: str, fmt: str, engine: str = "dot", extra: tuple[str, ...] = ()) -> bool:
    try:
        out.files[rel] = render.render(source, fmt, engine, extra)
        return True
    except render.RenderUnavailable as exc:
        out.skipped.append(f"skipped {rel}: {exc}")
        return False


def _mermaid_block(text: str) -> list[str]:
    return ["```mermaid", text.rstrip("\n"), "```"]


MUTANT_DEPTH = 14
#: BMC's box per mutant (seconds): a bug whose shortest run is longer than MUTANT_DEPTH (24 steps for
#: mark-reachable-swaps-through-not-ready) goes on to the concrete runs, not to an hours-long proof
#: that depth 14 has none
MUTANT_BMC_S = 300.0
#: How each search is run (part of the cache key: change it when :func:`mutant_runs` changes how).
SEARCH_PROCESS = "one spawned process per mutant, PYTHONHASHSEED=0"
#: (mutant id, description, reference, violated property, counterexample in the verifier's JSON form)
MutantRun = tuple[str, str, str, str, list[dict[str, Any]]]


def _mutant_run(mutant_id: str) -> tuple[str, str, str, str, list[dict[str, Any]]]:
    """The shortest run of one mutant that breaks a (non-lemma) property, replayed and described."""
    from nodereg.model.mutants import MUTANT_BY_ID
    from nodereg.model.semantics import compiled
    from nodereg.properties.catalogue import ALL_PROPERTIES
    from nodereg.verifier.counterexample import describe, replay
    from nodereg.verifier.encoding import Encoding
    from nodereg.verifier.runner import Prover

    mu = MUTANT_BY_ID[mutant_id]
    model = mu.model()
    props = [p.for_model(model) for p in ALL_PROPERTIES if not p.lemma]
    # as nodereg verify does: every instance when the relation is not symmetric (a bug only another
    # node shows), and the time-progress properties when time can be blocked (found on one node)
    from nodereg.verifier.progress import time_properties

    symmetric, blocked = _mutant_shape(model)
    if blocked:
        props = [*props, *time_properties(model)]
    found = Prover(Encoding(model, MUTANT_CONFIG, symmetry=symmetric)).first_violation(
        props, MUTANT_DEPTH, MUTANT_BMC_S
    )
    if found is None:
        # deeper than BMC's depth (a silence, Unknown, the kubelet back): the concrete runs nodereg
        # verify uses then, seeded, lifted to the configuration and replayed
        from nodereg.verifier.runner import _concrete_violations

        deep = _concrete_violations(model, MUTANT_CONFIG, None, props, 60.0)
        prop = next((p for p in props if p.id in deep and deep[p.id].trace), None)
        found = (prop, deep[prop.id].trace) if prop is not None else None  # type: ignore[assignment]
    if found is None:
        # the search over every property at once gave up (eviction-timer-restarts-on-swap: 300 s of BMC at
        # depth 14, then 60 s of concrete runs), though `verify --mutants` kills the mutant property by
        # property: draw the run it reports, as it reports it
        from nodereg.verifier.runner import verify

        verdicts = verify(
            model, MUTANT_CONFIG, None, timeout_s=60.0, bmc_depth=MUTANT_DEPTH, check_witnesses=False, unbounded=False
        )
        by_id = {p.id: p for p in props}
        hit = next((v for v in verdicts if v.status == "violated" and v.trace and v.id in by_id), None)
        found = (by_id[hit.id], hit.trace) if hit is not None else None  # type: ignore[assignment]
    if found is None or not replay(model, MUTANT_CONFIG, found[1], found[0]):
        return (mu.id, mu.description, mu.reference, "", [])
    cex = describe(compiled(model, MUTANT_CONFIG), found[1])
    return (mu.id, mu.description, mu.reference, found[0].id, cex)


def _mutant_shape(model: object) -> tuple[bool, bool]:
    """(relation symmetric, time can be blocked), decided in a forked child process.

    The Z3 queries run in the child so that this process's solver context sees exactly what it saw
    before these checks existed: the committed pictures of the other mutants stay byte for byte.
    """
    import os

    from nodereg.model.semantics import Config
    from nodereg.verifier.encoding import Encoding
    from nodereg.verifier.progress import time_properties
    from nodereg.verifier.runner import Prover
    from nodereg.verifier.symmetry import check_symmetry

    rd, wr = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            sym = check_symmetry(Encoding(model, MUTANT_CONFIG)).status == "proved"  # type: ignore[arg-type]
            one = Config(1, min(1, MUTANT_CONFIG.pods))
            blocked = Prover(Encoding(model, one)).first_violation(time_properties(model), 8) is not None  # type: ignore[arg-type]
            os.write(wr, bytes([int(sym), int(blocked)]))
        finally:
            os._exit(0)
    os.close(wr)
    with os.fdopen(rd, "rb") as f:
        answer = f.read()
    os.waitpid(pid, 0)
    if len(answer) != 2:
        raise RuntimeError("the symmetry and time checks of a mutant failed")
    return bool(answer[0]), bool(answer[1])


def mutant_runs(only: tuple[str, ...] | None = None) -> list[MutantRun]:
    """(mutant id, description, reference, property, counterexample) for every seeded mutant (or ``only`` those).

    Running ``nodereg verify --mutants`` in full takes minutes (every property, induction and
    Spacer); a picture only needs one counterexample. So each mutant gets the *shortest* run that
    violates any (non-lemma) property, found by BMC over all properties at once on the verifier's
    default cluster (2 nodes, 2 pods, symbolic timing), and replayed on the machine like every
    counterexample ``verify`` reports.

    Each mutant is searched in its own freshly started process (``spawn``, ``maxtasksperchild=1``)
    with ``PYTHONHASHSEED=0``, so that no search depends on what another one, or the parent, did
    before; the pool also spreads the eleven searches over the machine's cores. Even so, Z3 does
    not always return the same counterexample: for ``eviction-ignores-toleration-seconds`` two
    fresh runs have returned different, equally short runs. What keeps the committed pictures
    stable is ``mutants/runs.json`` (see :func:`mutant_inputs_key`), not the search.
    """
    import multiprocessing as mp
    import os

    from nodereg.model.mutants import MUTANTS

    # the slowest search first, so the others fill the remaining workers meanwhile (order changes
    # only the scheduling: every search starts in a fresh process)
    slow_first = ("controller-ignores-lease",)
    wanted = [mu for mu in MUTANTS if only is None or mu.id in only]
    ids = [m for m in slow_first if any(mu.id == m for mu in wanted)] + [
        mu.id for mu in wanted if mu.id not in slow_first
    ]
    if not ids:
        return []
    workers = max(1, min(len(ids), os.cpu_count() or 1))
    saved = os.environ.get("PYTHONHASHSEED")
    os.environ["PYTHONHASHSEED"] = "0"  # inherited by the spawned workers
    try:
        with mp.get_context("spawn").Pool(workers, maxtasksperchild=1) as pool:
            by_id = dict(zip(ids, pool.map(_mutant_run, ids, chunksize=1), strict=True))
    finally:
        if saved is None:
            os.environ.pop("PYTHONHASHSEED", None)
        else:
            os.environ["PYTHONHASHSEED"] = saved
    return [by_id[mu.id] for mu in wanted]


def mutant_inputs_key() -> str:
    """A hash of everything a mutant search reads: the model, properties and verifier sources, Z3, the bounds.

    The mutants' counterexamples are the one slow part of ``nodereg diagrams`` (a BMC search per
    mutant, minutes on two cores). They are a function of these inputs only, so ``mutants/runs.json``
    stores them under this key and ``--check`` reuses them while the key is unchanged; any edit to
    the declaration, a mutant, a property or the encoding changes the key, and then each stored run
    is replayed (:func:`still_breaks`) and only the mutants whose run fails are searched again.
    """
    import z3

    import nodereg.model
    import nodereg.properties
    import nodereg.verifier

    h = hashlib.sha256()
    for pkg in (nodereg.model, nodereg.properties, nodereg.verifier):
        root = Path(pkg.__file__).parent
        for f in sorted(root.rglob("*.py")):
            h.update(f"{pkg.__name__}/{f.relative_to(root).as_posix()}\0".encode())
            h.update(f.read_bytes())
    h.update(z3.get_full_version().encode())
    h.update(repr((MUTANT_CONFIG, MUTANT_DEPTH, MUTANT_BMC_S)).encode())
    h.update(inspect.getsource(_mutant_run).encode())
    h.update(SEARCH_PROCESS.encode())
    return h.hexdigest()


def still_breaks(run: MutantRun) -> MutantRun | None:
    """The stored run again, re-executed on the current mutant; None when it no longer shows the bug.

    A stored counterexample stays a picture of its mutant as long as it is still a run of that
    mutant (every step enabled on the compiled step from its initial state, and replayed on the
    python-statemachine machine) that breaks the same non-lemma property. An edit to the model that
    keeps this true (a new property, a new ghost variable, another mutant) then costs a replay per
    mutant, not a BMC search; the run is described again, so new variables show in the picture.
    Variables the stored run does not name take their declared initial value (a symbolic one
    cannot be guessed: None). The run is no longer guaranteed to be the *shortest*: ``--fresh``
    searches every mutant again.
    """
    from nodereg.model.mutants import MUTANT_BY_ID
    from nodereg.model.semantics import compiled
    from nodereg.properties.catalogue import ALL_PROPERTIES
    from nodereg.verifier.concrete import real_run
    from nodereg.verifier.counterexample import describe, replay
    from nodereg.verifier.progress import time_properties

    mid, _desc, _ref, prop_id, cex = run
    mu = MUTANT_BY_ID.get(mid)
    if mu is None or not cex or cex[0].get("event") != "init":
        return None
    model = mu.model()
    # the properties _mutant_run searches: the catalogue's non-lemma ones and the time-progress pair
    candidates = [*(p.for_model(model) for p in ALL_PROPERTIES if not p.lemma), *time_properties(model)]
    prop = next((p for p in candidates if p.id == prop_id), None)
    if prop is None:
        return None
    cm = compiled(model, MUTANT_CONFIG)
    stored = cex[0]["state"]
    init: list[Any] = []
    for k in cm.layout.keys:
        name = cm.layout.name(k)
        var = cm.layout.var[k]
        if name in stored:
            init.append(_unpretty(name, stored[name], var))
        elif var is not None and var.init is not None and not var.frozen:
            init.append(var.init)
        else:
            return None
    steps: list[tuple[int | None, tuple[Any, ...]]] = [(None, ())]
    for st in cex[1:]:
        k = next(
            (
                j
                for j, inst in enumerate(cm.instances)
                if inst.event.id == st["event"] and inst.node == st["node"] and inst.pod == st["pod"]
            ),
            None,
        )
        if k is None:
            return None
        e = cm.instances[k].event
        given = st.get("args", {})
        if set(given) != {a.name for a in e.args}:
            return None
        steps.append((k, tuple(_unpretty_arg(a, given[a.name]) for a in e.args)))
    trace = real_run(cm, tuple(init), steps)
    if trace is None or not replay(model, MUTANT_CONFIG, trace, prop):
        return None
    return (mu.id, mu.description, mu.reference, prop.id, describe(cm, trace))


def _unpretty(name: str, value: Any, var: d.Var | None) -> Any:
    """Undo :func:`nodereg.verifier.counterexample._pretty` (Kubernetes spellings back to numbers)."""
    if name.startswith("ctl[") and isinstance(value, str):
        return d.STATE_NAMES.index(value) if value in d.STATE_NAMES else d.NO_EDGE
    if var is not None and var.names and isinstance(value, str):
        return var.names.index(value)
    return value


def _unpretty_arg(arg: Any, value: Any) -> Any:
    if arg.names and isinstance(value, str):
        return arg.names.index(value)
    return value


def _cached_mutant_runs(cache_dir: Path | None, key: str | None) -> tuple[list[MutantRun], Path] | None:
    """The runs stored in ``cache_dir``, else in the package's own folder, and the file (None: search).

    The first ``runs.json`` that reads and, when ``key`` is given, was stored under that key.
    """
    if cache_dir is None:
        return None
    for folder in dict.fromkeys((cache_dir, default_dir())):
        try:
            data = json.loads((folder / MUTANT_CACHE).read_text())
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and isinstance(data.get("runs"), list) and key in (None, data.get("key")):
            runs = [tuple(r) for r in data["runs"] if isinstance(r, list) and len(r) == 5]
            return runs, folder / MUTANT_CACHE  # type: ignore[return-value]
    return None


def _revalidated_or_searched(cache_dir: Path | None, out: Output) -> list[MutantRun]:
    """After a change of the inputs: keep each stored run that :func:`still_breaks`, search the rest."""
    from nodereg.model.mutants import MUTANTS

    found_file = _cached_mutant_runs(cache_dir, None)
    stored = {r[0]: r for r in found_file[0]} if found_file else {}
    source = found_file[1] if found_file else None
    kept: dict[str, MutantRun] = {}
    for mid, run in stored.items():
        try:
            again = still_breaks(run)
        except (KeyError, IndexError, TypeError, ValueError):  # a run that cannot be re-read: searched again
            again = None
        if again is not None:
            kept[mid] = again
    if kept and source is not None:
        out.cached.append(f"{source} ({len(kept)} of {len(MUTANTS)} runs replayed on the current model)")
    missing = tuple(mu.id for mu in MUTANTS if mu.id not in kept)
    found = {r[0]: r for r in mutant_runs(missing)} if missing else {}
    return [kept[mu.id] if mu.id in kept else found[mu.id] for mu in MUTANTS]


def produce(with_mutants: bool = True, cache_dir: Path | None = None) -> Output:
    """Every diagram as bytes, in a fixed order; no timestamps, nothing from the environment but graphviz.

    ``cache_dir``: a folder whose ``mutants/runs.json`` may hold the mutants' counterexamples for
    the current :func:`mutant_inputs_key` (then no search runs).
    """
    out = Output(graphviz=render.graphviz_version())
    model = real_model()
    graph = state_graph(model)
    docs = lifecycle.doc_graph(graph)
    index = [
        "# nodereg diagrams",
        "",
        "Generated by `nodereg diagrams` from `nodereg.model.declaration`; do not edit. `make test` runs "
        "`nodereg diagrams --check`, which fails when these files differ from what the model produces.",
        "Mermaid blocks render inline on GitHub; the SVGs are drawn by graphviz (`dot` for the state diagram, "
        "`neato -n2` for sequence diagrams), offline.",
        "",
        "## The node lifecycle",
        "",
        "The seven control states of the python-statemachine machine; the states in which the Node object exists "
        "form one composite state. Arrows are labelled in Kubernetes words and coloured by the actor; the events "
        "that leave a state unchanged are listed under the picture instead of drawn "
        "([SVG](node-lifecycle.svg), [PNG](node-lifecycle.png), [DOT](node-lifecycle.dot)). Every event in full: "
        "[the events table](node-lifecycle-events.md) and [the detailed diagram](node-lifecycle-detailed.svg).",
        "",
    ]
    dot_src = lifecycle.dot(docs)
    mmd = lifecycle.mermaid(docs)
    out.files["node-lifecycle.dot"] = dot_src.encode()
    out.files["node-lifecycle.mmd"] = mmd.encode()
    _try_render(out, "node-lifecycle.svg", dot_src, "svg")
    _try_render(out, "node-lifecycle.png", dot_src, "png")
    detailed = state.dot(graph, d.ACTORS)
    out.files["node-lifecycle-detailed.dot"] = detailed.encode()
    _try_render(out, "node-lifecycle-detailed.svg", detailed, "svg")
    out.files["node-lifecycle-events.md"] = lifecycle.events_table(graph).encode()
    index += [
        "![node lifecycle](node-lifecycle.svg)",
        "",
        "<details><summary>Mermaid version</summary>",
        "",
        f"As GitHub draws it: [the PNG that Mermaid renders]({MERMAID_PNG}) (`make mermaid`).",
        "",
        *_mermaid_block(mmd),
        "",
        *lifecycle.loops_markdown(docs),
        "",
        "</details>",
        "",
    ]

    index += [
        "## Scenarios",
        "",
        "Each run is found by a search over the model towards the goals listed in its first note, with "
        "Kubernetes default timings, and replayed on the python-statemachine machine before it is drawn.",
        "",
    ]
    for sc in scenarios.SCENARIOS:
        r = scenarios.run(sc.id)
        run = r.described()
        diag = sequence.build(run, sc.title, fold_quiet=True, preface=scenarios.preface(sc))
        text = sequence.mermaid(diag)
        rel = f"scenarios/{sc.id}"
        out.files[f"{rel}.mmd"] = text.encode()
        _try_render(out, f"{rel}.svg", sequence.dot(diag), "svg", "neato", ("-n2",))
        index += [f"### {sc.title}", "", f"{sc.sentence} ([SVG]({rel}.svg))", "", *_mermaid_block(text), ""]

    if with_mutants:
        index += [
            "## Mutant counterexamples",
            "",
            "For each seeded bug of `nodereg verify --mutants`, the counterexample that kills it; the red "
            "step is where the property breaks.",
            "",
        ]
        key = mutant_inputs_key()
        cached = _cached_mutant_runs(cache_dir, key)
        if cached is not None:
            runs, source = cached
            out.cached.append(str(source))
        else:
            runs = _revalidated_or_searched(cache_dir, out)
        stored = json.dumps({"key": key, "runs": runs}, indent=None, sort_keys=True, separators=(",", ":")) + "\n"
        out.files[MUTANT_CACHE] = stored.encode()
        # the pictures are drawn from the stored form (keys sorted), whichever way the runs came: a run
        # just searched or replayed then draws exactly what the next --check draws from runs.json
        for mid, desc, ref, prop, cex in json.loads(stored)["runs"]:
            if not cex:
                index += [
                    f"### {mid}",
                    "",
                    f"{desc} No counterexample to draw: the picture's bounded searches found none (`nodereg verify "
                    "--mutants` gives the verdict).",
                    "",
                ]
                continue
            diag = counterexample.diagram(
                prop, cex, f"Mutant {mid}: {prop} violated", extra=(f"mutant {mid}: {desc}", f"reference: {ref}")
            )
            text = sequence.mermaid(diag)
            rel = f"mutants/{mid}"
            out.files[f"{rel}.mmd"] = text.encode()
            _try_render(out, f"{rel}.svg", sequence.dot(diag), "svg", "neato", ("-n2",))
            index += [
                f"### {mid}",
                "",
                f"{desc} Killed by `{prop}` in {len(cex) - 1} steps ([SVG]({rel}.svg)).",
                "",
                *_mermaid_block(text),
                "",
            ]
    out.files["index.md"] = ("\n".join(index).rstrip("\n") + "\n").encode()
    names = sorted([*out.files, *(s.split(":")[0].removeprefix("skipped ") for s in out.skipped)])
    manifest = [f"graphviz: {out.graphviz or 'not installed'}", *names]
    if out.graphviz:
        out.files[MANIFEST] = ("\n".join(manifest) + "\n").encode()
    return out


def write(out: Output, folder: Path) -> list[str]:
    """Write every file; delete files an earlier run listed in its manifest that are no longer produced."""
    old = _manifest_files(folder)
    for rel, data in sorted(out.files.items()):
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
    removed = []
    for rel in sorted(set(old) - set(out.files)):
        if rel.endswith(RENDER_SUFFIXES) and not out.graphviz:
            continue  # a render we could not redo here: keep it
        p = folder / rel
        if p.is_file():
            p.unlink()
            removed.append(rel)
    return removed


def _manifest_files(folder: Path) -> list[str]:
    m = folder / MANIFEST
    if not m.is_file():
        return []
    return [x for x in m.read_text().splitlines()[1:] if x and ".." not in x]


def _manifest_graphviz(folder: Path) -> str | None:
    m = folder / MANIFEST
    if not m.is_file():
        return None
    first = m.read_text().splitlines()[:1]
    return first[0].removeprefix("graphviz: ") if first else None


@dataclass
class CheckResult:
    """What ``--check`` found: stale files (differ, missing or left over) and renders not compared."""

    stale: list[str] = field(default_factory=list)
    compared: int = 0
    not_compared: list[str] = field(default_factory=list)


def check(out: Output, folder: Path) -> CheckResult:
    """Compare ``out`` with the committed folder, byte for byte."""
    res = CheckResult()
    recorded = _manifest_graphviz(folder)
    same_graphviz = out.graphviz is not None and recorded == out.graphviz
    for rel, data in sorted(out.files.items()):
        if out.is_render(rel) and not same_graphviz:
            res.not_compared.append(rel)
            continue
        p = folder / rel
        if not p.is_file():
            res.stale.append(f"{rel} (missing)")
        elif p.read_bytes() != data:
            res.stale.append(f"{rel} (differs)")
        res.compared += 1
    if same_graphviz:
        for rel in sorted(set(_manifest_files(folder)) - set(out.files)):
            res.stale.append(f"{rel} (no longer generated)")
    _check_mermaid_png(out, folder, res)
    return res


def _check_mermaid_png(out: Output, folder: Path, res: CheckResult) -> None:
    """The committed Mermaid PNG must be drawn from the current ``node-lifecycle.mmd``.

    It comes from a browser and is not byte-reproducible, so it is not compared itself; the
    hash of the text it was drawn from (written by ``make mermaid``) is.
    """
    from .mermaid_render import SOURCE_RECORD, source_record

    mmd = out.files.get("node-lifecycle.mmd")
    record = folder / SOURCE_RECORD
    if mmd is None or not (folder / MERMAID_PNG).is_file():
        return
    if not record.is_file() or record.read_text() != source_record(mmd):
        res.stale.append(f"{MERMAID_PNG} (drawn from another node-lifecycle.mmd: run 'make mermaid')")
