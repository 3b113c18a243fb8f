#!/usr/bin/env python3
"""Every `import` of a module of this package is a declared dependency of the importing target (Package.swift), test
targets included: a module that compiles only because another brings it in is a dependency the manifest hides.

    Scripts/check-imports.py            (from the package root; exit 1 and a line per undeclared import)

It also holds docs/ARCHITECTURE.md's module table to the manifest: each row's "may import" names the modules of this
package that its target declares, no more and no fewer.

It reads the manifest as SwiftPM does (`swift package dump-package`) and each target's Swift files. An import that is
inside `#if canImport(...)` is counted too: on the platform where it compiles, it must be declared.
"""
import json, os, re, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=root, capture_output=True, text=True, check=True).stdout)
targets = {t["name"]: t for t in manifest["targets"]}


def folder(target):
    if target.get("path"):
        return os.path.join(root, target["path"])
    base = {"test": "Tests", "plugin": "Plugins"}.get(target["type"], "Sources")
    return os.path.join(root, base, target["name"])


def declared(target):
    names = set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        if kind in ("byName", "target"):
            names.add(value[0])
    return names


problems = []
imports = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |private )?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)")
for name, target in sorted(targets.items()):
    if target["type"] in ("plugin", "binary", "macro"):
        continue
    allowed = declared(target)
    for directory, _, files in os.walk(folder(target)):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                match = imports.match(line)
                if not match:
                    continue
                module = match.group(1)
                if module in targets and module != name and module not in allowed:
                    problems.append(f"{os.path.relpath(path, root)}:{number}: {name} imports {module}, which Package.swift does not declare as its dependency")
# docs/ARCHITECTURE.md's module table: a row's "may import" names exactly the modules of this package its target
# declares (other packages' modules, such as Yams, and words around the names are free).
table = open(os.path.join(root, "docs", "ARCHITECTURE.md"), encoding="utf-8").read().split("\n")
for number, line in enumerate(table, 1):
    row = re.match(r"\| `(\w+)` \|[^|]*\| ([^|]*) \|", line)
    if not row or row.group(1) not in targets:
        continue
    said = {word for word in re.findall(r"\w+", row.group(2)) if word in targets}
    wanted = {dependency for dependency in declared(targets[row.group(1)]) if dependency in targets}
    if said != wanted:
        problems.append(
            f"docs/ARCHITECTURE.md:{number}: the row of {row.group(1)} says it may import {', '.join(sorted(said)) or 'nothing'}; "
            f"Package.swift declares {', '.join(sorted(wanted)) or 'nothing'}")
for line in problems:
    print(line)
print(f"check-imports: {len(problems)} problem(s): imports of this package's modules in {len(targets)} targets, and the module table", file=sys.stderr)
sys.exit(1 if problems else 0)
