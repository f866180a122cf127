"""``make mutate``: mutation testing of ``gmtool/core`` and each game's ``rules/`` with mutmut.

mutmut ([tool.mutmut] in pyproject.toml) writes every mutant of the rules' code into ``mutants/``; this
tool draws a seeded sample of ``--sample`` mutants per group (core, shadowrun, badlands_rally,
aura_battler), has mutmut run only those, each against only the tests that call the mutated function
(mutmut's own test selection, from one instrumented run of the non-GUI tests), and writes:

- ``benchmarks/mutation_scores.json``: ``mutation_score_<group>`` = killed / (sampled − equivalent − not
  run), with the counts; ``make bench`` prints it (benchmarks/mutation.py);
- ``benchmarks/mutation_report.md``: the summary table, and ``benchmarks/mutation_report_<group>.md``: every
  surviving mutant with its place (file, line, function) and its diff, and the equivalent mutants with the
  reason each (``tools/mutate_equivalent.json``).

``--group`` runs one group (repeatable): its figures and report are replaced, the other groups' kept; each
group's figures name the commit they measured.

Not part of ``make test``: about 30 minutes on two cores. ``--report-only`` rewrites the two files from
the results mutmut already holds.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GROUPS = {
    "core": "gmtool/core/",
    "shadowrun": "gmtool/games/shadowrun/",
    "badlands_rally": "gmtool/games/badlands_rally/",
    "aura_battler": "gmtool/games/aura_battler/",
}
SEED = 20261128
SAMPLE = 300
SCORES = ROOT / "benchmarks" / "mutation_scores.json"
REPORT = ROOT / "benchmarks" / "mutation_report.md"
EQUIVALENT = ROOT / "tools" / "mutate_equivalent.json"
DETECTED = {"killed", "timeout", "segfault", "caught by type check"}


def generate() -> None:
    """Every mutant of the configured files into mutants/ (mutmut's own steps; unchanged files are kept)."""
    from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths

    (ROOT / "mutants").mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    create_mutants(max(1, os.cpu_count() or 1))


def all_mutants() -> dict[str, tuple[str, int | None]]:
    """Mutant name → (source file, mutmut's exit code or None when not run)."""
    found = {}
    for meta in sorted((ROOT / "mutants" / "gmtool").rglob("*.py.meta")):
        source = meta.relative_to(ROOT / "mutants").as_posix().removesuffix(".meta")
        for name, code in json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {}).items():
            found[name] = (source, code)
    return found


def group_of(source: str) -> str | None:
    return next((g for g, prefix in GROUPS.items() if source.startswith(prefix)), None)


def sample(mutants: dict[str, tuple[str, int | None]], size: int, seed: int) -> dict[str, list[str]]:
    """A seeded, stable sample of ``size`` mutants per group (all of a group that has fewer).

    Each mutant is ranked by a hash of the seed and its own name, and a group's ``size`` lowest ranks are
    drawn: a change elsewhere in the code (a new function, a deleted one) moves only the mutants it
    adds or removes, so the survivors of two runs stay comparable.
    """
    chosen = {}
    for group in GROUPS:
        names = [n for n, (source, _code) in mutants.items() if group_of(source) == group]
        chosen[group] = sorted(sorted(names, key=lambda name: _rank(seed, name))[:size])
    return chosen


def _rank(seed: int, name: str) -> str:
    return hashlib.sha256(f"{seed}:{name}".encode()).hexdigest()


def run_mutmut(names: list[str], children: int, log: Path) -> int:
    env = os.environ | {"QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *names]
    with log.open("w", encoding="utf-8") as out:
        return subprocess.call(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def place(name: str, source: str) -> tuple[int, str, list[str]]:
    """(line in the source file, function, the diff's changed lines) of a mutant."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    diff = get_diff_for_mutant(name, path=ROOT / "mutants" / source)
    changed = [line for line in diff.splitlines()[2:] if line[:1] in "+-"]
    function = name.rsplit(".", 1)[-1].rsplit("__mutmut_", 1)[0].removeprefix("x_").replace("\u01c1", ".").strip(".")
    function = function.removeprefix("x.") if function.startswith("x.") else function
    text = (ROOT / source).read_text(encoding="utf-8")
    lines = text.splitlines()
    start, end = _span(ast.parse(text), function.split("."))
    removed = next((line[1:].strip() for line in changed if line.startswith("-")), "")
    line = next((i + 1 for i in range(start - 1, end) if removed and lines[i].strip() == removed), start)
    return line, function, changed


def _span(tree: ast.AST, path: list[str]) -> tuple[int, int]:
    node: ast.AST = tree
    for part in path:
        child = next((c for c in ast.iter_child_nodes(node)
                      if isinstance(c, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and c.name == part), None)
        if child is None:
            break
        node = child
    return getattr(node, "lineno", 1), getattr(node, "end_lineno", 1)


def report(chosen: dict[str, list[str]], seed: int) -> dict[str, object]:
    """The figures of the groups run, merged into the scores file; a report per group run and the summary.

    A group's figures and report are replaced only when that group is run (``--group`` runs one, the whole
    ``make mutate`` all four), each stamped with the commit it measured, so groups run apart add up.
    """
    mutants = all_mutants()
    status_by_exit_code = exit_statuses()
    equivalent = json.loads(EQUIVALENT.read_text(encoding="utf-8")) if EQUIVALENT.exists() else {}
    figures = json.loads(SCORES.read_text(encoding="utf-8")) if SCORES.exists() else {}
    figures["mutation_seed"] = seed
    for group, names in chosen.items():
        statuses: Counter[str] = Counter()
        survivors: list[tuple[str, str, str]] = []
        equivalents: list[tuple[str, str, str]] = []
        for name in names:
            source, code = mutants[name]
            status = "equivalent" if name in equivalent else status_by_exit_code[code]
            statuses[status] += 1
            if status == "equivalent":
                equivalents.append((name, source, equivalent[name]))
            elif status not in DETECTED and status != "not checked":
                survivors.append((name, source, status))
        counted = len(names) - statuses["equivalent"] - statuses["not checked"]
        killed = sum(statuses[s] for s in DETECTED)
        figures |= {f"mutation_score_{group}": round(killed / counted, 3) if counted else None,
                    f"mutation_sampled_{group}": len(names), f"mutation_killed_{group}": killed,
                    f"mutation_equivalent_{group}": statuses["equivalent"],
                    f"mutation_survived_{group}": counted - killed,
                    f"mutation_not_run_{group}": statuses["not checked"], f"mutation_commit_{group}": _commit()}
        group_report(group).write_text(_group_text(group, figures, survivors, equivalents), encoding="utf-8")
    SCORES.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    REPORT.write_text(_summary_text(figures), encoding="utf-8")
    return figures


def exit_statuses() -> dict[int | None, str]:
    """mutmut's reading of a mutant's exit code (killed, survived, timeout …; None: not checked)."""
    from mutmut.stats import status_by_exit_code

    return dict(status_by_exit_code)


def group_report(group: str) -> Path:
    return REPORT.with_name(f"mutation_report_{group}.md")


def _commit() -> str:
    run = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False)
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "gmtool", "tests"], cwd=ROOT, capture_output=True,
                           text=True, check=False).stdout.strip()
    return (run.stdout.strip() or "unknown") + (" with uncommitted changes" if dirty else "")


def _row(group: str, figures: dict[str, object]) -> str:
    if f"mutation_sampled_{group}" not in figures:
        return f"| {group} | not run | | | | | | |"
    return (f"| {group} | {figures[f'mutation_sampled_{group}']} | {figures[f'mutation_killed_{group}']} | "
            f"{figures[f'mutation_equivalent_{group}']} | {figures[f'mutation_survived_{group}']} | "
            f"{figures[f'mutation_not_run_{group}']} | {figures[f'mutation_score_{group}']} | "
            f"{figures.get(f'mutation_commit_{group}', 'unknown')} |")


HEAD = ["| group | sampled | killed | equivalent | not killed | not run | score | commit |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |"]


def _summary_text(figures: dict[str, object]) -> str:
    out = ["# Mutation testing report (make mutate)", "",
           f"A stable sample of mutants per group (seed {figures['mutation_seed']}, each mutant ranked by a hash of",
           "the seed and its name); score = killed / (sampled − equivalent − not run); a mutant not run is one the run",
           "did not reach (stopped early). Each group's row is from its last run, at the commit shown.", "", *HEAD]
    out += [_row(group, figures) for group in GROUPS]
    out += ["", "The mutants not killed and the equivalent ones, per group:", ""]
    out += [f"- [{group}]({group_report(group).name})" for group in GROUPS]
    return "\n".join(out) + "\n"


def _group_text(group: str, figures: dict[str, object], survivors: list[tuple[str, str, str]],
                equivalents: list[tuple[str, str, str]]) -> str:
    out = [f"# Mutation testing report: {group}", "", *HEAD, _row(group, figures), "", "## Mutants not killed", ""]
    for name, source, status in survivors:
        line, function, changed = place(name, source)
        out += [f"### {source}:{line} `{function}` ({status})", f"`{name}`", "", "```diff", *changed, "```", ""]
    out += ["## Equivalent mutants (tools/mutate_equivalent.json)", ""]
    for name, source, reason in equivalents:
        line, function, _changed = place(name, source)
        out.append(f"- {source}:{line} `{function}` `{name}`: {reason}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=SAMPLE, help="mutants per group")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--children", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--report-only", action="store_true", help="no run: report what mutmut holds")
    parser.add_argument("--group", action="append", choices=sorted(GROUPS),
                        help="only this group (repeatable); the other groups' figures are kept")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    if not args.report_only:
        generate()
    chosen = sample(all_mutants(), args.sample, args.seed)
    if args.group:
        chosen = {group: names for group, names in chosen.items() if group in args.group}
    if not args.report_only:
        code = run_mutmut([n for names in chosen.values() for n in names], args.children, ROOT / "mutants" / "run.log")
        print(f"mutmut finished with exit code {code} (its log: mutants/run.log)")
    for name, value in report(chosen, args.seed).items():
        print(f"{name}: {value}")
    print(f"report: {REPORT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
