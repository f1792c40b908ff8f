#!/usr/bin/env python3
"""Import circles among the source files, drawn from the code's own imports.

A file imports another when it names it: in Rust a `use` line or a path written in the
code (`crate::site::markup::escape_html`, `super::store`, `fagfolk_data::oslo::date`),
resolved to the module's file; in the web app an `import` or `export ... from` of a
module. Tests (`#[cfg(test)]` modules, `*.test.ts(x)`, `tests/`) and generated files are
left out. Files that import each other round a circle form one group (a strongly
connected component); a group of more than two files is an import circle.

Usage: scripts/import-circles.py            list every circle; fail on one that is not
                                            in scripts/import-circles.allowed
       scripts/import-circles.py --write    write the circles of today into that list

The list can only shrink (house rule 1's pattern, scripts/house-rules.sh): a circle of
more than two files that is not on it fails, and so does a line on it that no longer
names a circle, so a circle once broken stays broken. docs/ARCHITECTURE.md, "Where the
skeleton is going", says which circles are left and what breaks them.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = ROOT / "scripts" / "import-circles.allowed"
CRATES = {"crate": None, "fagfolk_data": ROOT / "crates/data/src", "fagfolk": ROOT / "src"}
RUST_ROOTS = [ROOT / "src", ROOT / "crates/data/src"]
WEB = ROOT / "web/src"


# --- Rust -------------------------------------------------------------------------------

def module_of(path: Path, root: Path) -> list[str]:
    """The module path of a Rust file below `root`: src/leads/routes.rs is ["leads", "routes"]."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return parts


def file_of(root: Path, parts: list[str]) -> Path | None:
    """The file of module `parts` below `root`, if there is one."""
    if not parts:
        return root / "lib.rs"
    for candidate in (root.joinpath(*parts).with_suffix(".rs"), root.joinpath(*parts, "mod.rs")):
        if candidate.is_file():
            return candidate
    return None


def without_tests_and_comments(text: str) -> str:
    """The code of a Rust file without its `#[cfg(test)]` module and its comments."""
    cut = re.search(r"^\s*#\[cfg\(test\)\]\s*\n\s*(pub(\(\w+\))? )?mod \w+\s*\{", text, re.M)
    if cut:
        text = text[: cut.start()]
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def flatten_use(tree: str) -> list[str]:
    """`crate::{a::b, c::{d, e}}` as ["crate::a::b", "crate::c::d", "crate::c::e"]."""
    tree = re.sub(r"\s+", "", tree)
    brace = tree.find("{")
    if brace < 0:
        return [tree]
    prefix, depth, start, items = tree[:brace], 0, brace + 1, []
    for i in range(brace, len(tree)):
        ch = tree[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                items.append(tree[start:i])
                break
        elif ch == "," and depth == 1:
            items.append(tree[start:i])
            start = i + 1
    return [path for item in items if item for path in flatten_use(prefix + item)]


def rust_edges() -> dict[Path, set[Path]]:
    edges: dict[Path, set[Path]] = {}
    for root in RUST_ROOTS:
        for path in sorted(root.rglob("*.rs")):
            here = module_of(path, root)
            is_dir_module = path.name in ("mod.rs", "lib.rs", "main.rs")
            code = without_tests_and_comments(path.read_text())
            names = []
            for tree in re.findall(r"\buse\s+([^;]+);", code):
                names += flatten_use(tree)
            names += re.findall(r"(?<![\w:])((?:crate|super|self|fagfolk_data|fagfolk)(?:::\w+)+)", code)
            targets = edges.setdefault(path, set())
            for name in names:
                segments = [s for s in name.split("::") if s and s != "*"]
                target = resolve_rust(root, here, is_dir_module, segments)
                if target and target != path:
                    targets.add(target)
    return edges


def resolve_rust(root: Path, here: list[str], is_dir_module: bool, segments: list[str]) -> Path | None:
    first, rest = segments[0], segments[1:]
    parent = here if is_dir_module else here[:-1]
    if first in CRATES:
        base_root = CRATES[first] or root
        base: list[str] = []
    elif first == "self":
        base_root, base = root, here
    elif first == "super":
        base_root, base = root, parent
        while rest and rest[0] == "super":
            base, rest = base[:-1], rest[1:]
    elif file_of(root, here + [first]):
        # A child module named without `self::` (`use routes::router;` in a mod.rs).
        base_root, base, rest = root, here, segments
    else:
        return None
    # The longest prefix of the path that is a module's file.
    for length in range(len(rest), -1, -1):
        found = file_of(base_root, base + rest[:length])
        if found:
            return found
    return None


# --- TypeScript ---------------------------------------------------------------------------

def web_files() -> list[Path]:
    return sorted(
        p
        for p in WEB.rglob("*")
        if p.suffix in (".ts", ".tsx") and not p.name.endswith((".test.ts", ".test.tsx", ".d.ts"))
    )


def resolve_web(source: Path, spec: str) -> Path | None:
    if spec.startswith("@/"):
        base = WEB / spec[2:]
    elif spec.startswith("."):
        base = (source.parent / spec).resolve()
    else:
        return None
    for candidate in (base, *(base.with_name(base.name + ext) for ext in (".ts", ".tsx")),
                      base / "index.ts", base / "index.tsx"):
        if candidate.is_file():
            return candidate
    return None


def web_edges() -> dict[Path, set[Path]]:
    edges: dict[Path, set[Path]] = {}
    for path in web_files():
        text = path.read_text()
        specs = re.findall(r"""(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]""", text)
        specs += re.findall(r"""(?:^|\n)\s*import\s*['"]([^'"]+)['"]""", text)
        specs += re.findall(r"""\bimport\(\s*['"]([^'"]+)['"]\s*\)""", text)
        edges[path] = {t for spec in specs if (t := resolve_web(path, spec)) and t != path}
    return edges


# --- Circles --------------------------------------------------------------------------------

def groups(edges: dict[Path, set[Path]]) -> list[list[Path]]:
    """Tarjan's strongly connected components, each of more than one file."""
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    on_stack: set[Path] = set()
    found: list[list[Path]] = []
    counter = 0
    sys.setrecursionlimit(10_000)

    def visit(node: Path) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found, key=lambda g: (-len(g), [str(p) for p in g]))


def main() -> int:
    edges = rust_edges() | web_edges()
    circles = [g for g in groups(edges) if len(g) > 2]
    lines = [" ".join(str(p.relative_to(ROOT)) for p in g) for g in circles]
    pairs = [g for g in groups(edges) if len(g) == 2]
    if "--write" in sys.argv:
        ALLOWED.write_text(
            "# Import circles of more than two files that are still to be broken (scripts/import-circles.py).\n"
            "# One circle a line, its files in order. This list may only shrink.\n"
            + "".join(line + "\n" for line in lines)
        )
        print(f"{len(lines)} sirkler skrevet til {ALLOWED.relative_to(ROOT)}")
        return 0
    allowed = {
        line.strip() for line in ALLOWED.read_text().splitlines() if line.strip() and not line.startswith("#")
    } if ALLOWED.exists() else set()
    failed = False
    for line, group in zip(lines, circles):
        known = line in allowed
        print(f"{'kjent' if known else 'NY'} sirkel av {len(group)} filer: {line}")
        if not known:
            failed = True
    for line in sorted(allowed - set(lines)):
        print(f"brutt, stryk den fra {ALLOWED.relative_to(ROOT)}: {line}")
        failed = True
    print(f"{len(edges)} filer, {sum(map(len, edges.values()))} importer; "
          f"{len(circles)} sirkler av mer enn to filer, {len(pairs)} par som importerer hverandre")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
