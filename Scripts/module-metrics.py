#!/usr/bin/env python3
"""The shape of a Swift package's code, measured the same way for any package (issue 59's table: apicheck beside
swift-argument-parser, Hummingbird, OpenAPIKit and swift-openapi-generator):

- modules: the folders of Sources/ that hold Swift files (each a target), the largest by lines and its share;
- files: how many, the median and longest (lines), how many over 500 lines;
- functions: the longest (a func, init or deinit, first line to closing brace, counted by Scripts/function-lengths.py's
  own function_lengths) and how many are over 80 lines;
- tests: lines of Swift under Tests/ against lines under Sources/;
- documented public API: `public` and `open` declarations (types, members, cases of a public enum are not counted
  apart), and the share with a `///` or `/** */` comment right above them (attributes between are allowed).

Lines are physical lines of .swift files, blank and comment lines included (wc -l).

    Scripts/module-metrics.py PACKAGE_ROOT [--label NAME] [--json]
"""
import importlib.util
import json
import os
import re
import statistics
import sys

# The functions, counted as Scripts/function-lengths.py (CI's check) counts them.
_spec = importlib.util.spec_from_file_location('function_lengths', os.path.join(os.path.dirname(__file__), 'function-lengths.py'))
_function_lengths = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_function_lengths)

PUBLIC = re.compile(
    r'\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|open)\s+)(?:(?:static|final|class|mutating|nonisolated|override|indirect'
    r'|convenience|required|dynamic|lazy|weak|unowned|nonmutating|consuming|borrowing|distributed)\s+)*'
    r'(func|init|subscript|var|let|struct|class|enum|protocol|typealias|actor|associatedtype|case|macro|operator)\b')


def swift_files(folder):
    for directory, _, names in os.walk(folder):
        if '/.build' in directory:
            continue
        for name in sorted(names):
            if name.endswith('.swift'):
                yield os.path.join(directory, name)


def public_declarations(lines):
    """(declared, documented): each public or open declaration, and whether a doc comment is right above it."""
    declared = documented = 0
    for i, line in enumerate(lines):
        if not PUBLIC.match(line) or re.match(r'\s*(?:public|open)\s+(?:import|extension)\b', line):
            continue
        declared += 1
        j = i - 1
        while j >= 0 and re.match(r'\s*@', lines[j]):
            j -= 1
        if j >= 0 and (lines[j].strip().startswith('///') or lines[j].strip().endswith('*/')):
            documented += 1
    return declared, documented


def measure(root):
    sources = os.path.join(root, 'Sources')
    modules = {}
    files = []
    functions = []
    declared = documented = 0
    for module in sorted(os.listdir(sources)):
        folder = os.path.join(sources, module)
        if not os.path.isdir(folder):
            continue
        total = 0
        for path in swift_files(folder):
            lines = open(path, encoding='utf-8', errors='replace').read().split('\n')
            count = len(lines) - (1 if lines and lines[-1] == '' else 0)
            total += count
            files.append((count, os.path.relpath(path, root)))
            functions += [length for length, _, _ in _function_lengths.function_lengths(lines)]
            d, w = public_declarations(lines)
            declared += d
            documented += w
        if total:
            modules[module] = total
    source_lines = sum(modules.values())
    test_lines = 0
    tests = os.path.join(root, 'Tests')
    if os.path.isdir(tests):
        for path in swift_files(tests):
            test_lines += sum(1 for _ in open(path, encoding='utf-8', errors='replace'))
    largest = max(modules, key=modules.get)
    counts = sorted(c for c, _ in files)
    return {
        'modules': len(modules),
        'largest module': largest,
        'largest module lines': modules[largest],
        'largest module share': round(100 * modules[largest] / source_lines, 1),
        'source lines': source_lines,
        'files': len(files),
        'median file lines': int(statistics.median(counts)),
        'longest file lines': counts[-1],
        'longest file': max(files)[1],
        'files over 500 lines': sum(1 for c in counts if c > 500),
        'functions': len(functions),
        'longest function lines': max(functions),
        'functions over 80 lines': sum(1 for n in functions if n > 80),
        'test lines': test_lines,
        'test-to-source ratio': round(test_lines / source_lines, 2),
        'public declarations': declared,
        'documented public share': round(100 * documented / declared, 1) if declared else 0.0,
    }


def main():
    args = sys.argv[1:]
    if not args or args[0] in ('-h', '--help'):
        print(__doc__.strip())
        return 0 if args else 2
    root = args[0]
    label = args[args.index('--label') + 1] if '--label' in args else os.path.basename(os.path.abspath(root))
    if not os.path.isdir(os.path.join(root, 'Sources')):
        print(f'module-metrics: {root} has no Sources folder', file=sys.stderr)
        return 2
    result = measure(root)
    if '--json' in args:
        print(json.dumps({'package': label, **result}))
    else:
        print(label)
        for key, value in result.items():
            print(f'  {key}: {value}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
