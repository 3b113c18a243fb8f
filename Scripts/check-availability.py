#!/usr/bin/env python3
"""Checks, on Linux, that the package uses no Apple API newer than the deployment targets Package.swift declares.

    python3 Scripts/check-availability.py              builds into .build-availability/ and lists what is too new
    python3 Scripts/check-availability.py --scratch D  the same, in folder D

A Linux build never checks Apple availability: `@available(macOS 15, ...)` does not apply to Linux, so a call that
Xcode refuses ("'init(validating:as:)' is only available in macOS 15.0 or newer") compiles here. But the toolchain's
interfaces of the standard library, concurrency, string processing, Synchronization, Observation and Swift Testing
carry their Apple availability. This script copies the toolchain's resource folder, and in those interfaces marks
every declaration that needs more than the declared minimums (`platforms:` in Package.swift) as deprecated, with a
message naming the versions it needs. The package's own declarations marked `@available` with more than the
minimums are marked the same way, in a copy of the package (same lines), since Xcode refuses a use of them outside an
as-new context just as it refuses the standard library's. It then builds the copy, tests included, against that
folder: each use of such an API is a deprecation warning of the compiler, found exactly (overloads resolved as on
Apple platforms; a deprecated context is silent, as an `@available` one is on Apple platforms), and listed here with
its file and line unless an `@available`, `#available` or `guard #available` around it allows it.

Foundation on Linux is a binary module without an interface, so its newer API (`URL(filePath:)`, `path(percentEncoded:)`,
...) is matched by text, from the list FOUNDATION below.

Exit 0 when nothing is too new, 1 with a line per use otherwise, 2 when the build fails.
"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK = 'APICHECK-AVAILABILITY'
MODULES = ['Swift', '_Concurrency', '_StringProcessing', 'Synchronization', 'Testing', 'RegexBuilder', 'Observation']
# The folders of this package's targets.
FOLDERS = ['Sources', 'Tests', 'Fuzz', 'Benchmarks', 'Plugins']
# Foundation API newer than iOS 15 / macOS 12 / tvOS 15 / watchOS 8 (Apple's documentation), matched by text.
FOUNDATION = [
    (r'URL\(filePath:', 'macOS 13, iOS 16'),
    (r'\.append(?:ing)?\((?:path|component|components):', 'macOS 13, iOS 16'),
    (r'URL\.(?:homeDirectory|temporaryDirectory|documentsDirectory|cachesDirectory)\b', 'macOS 13, iOS 16'),
    (r'URL\.currentDirectory\(', 'macOS 13, iOS 16'),
    (r'\.(?:path|host|query|fragment|user|password)\(percentEncoded:', 'macOS 13, iOS 16'),
    (r'Locale\.(?:Region|Language|LanguageCode|Script)\b', 'macOS 13, iOS 16'),
    (r'\.formatted\(\.units', 'macOS 13, iOS 16'),
    (r'URL\.Template\b', 'macOS 26, iOS 26'),
]


def minimums():
    """The deployment targets of Package.swift's `platforms:` line: {'macOS': (12, 0), ...}."""
    text = open(os.path.join(ROOT, 'Package.swift')).read()
    line = re.search(r'platforms:\s*\[([^\]]*)\]', text)
    if not line:
        sys.exit('check-availability: Package.swift declares no platforms')
    found = {}
    for name, major, minor in re.findall(r'\.(macOS|iOS|tvOS|watchOS)\(\.v(\d+)(?:_(\d+))?\)', line.group(1)):
        found[name] = (int(major), int(minor or 0))
    return found


def versions(text):
    """The Apple platforms and versions an availability list names: `macOS 13, iOS 16.4, *` ->
    {'macOS': (13, 0), 'iOS': (16, 4)}."""
    return {
        name: (int(major), int(minor or 0))
        for name, major, minor in re.findall(r'\b(macOS|iOS|tvOS|watchOS)\s+(\d+)(?:\.(\d+))?', text)
    }


def too_new(arguments, floor):
    """The platforms of an `@available(...)` argument list whose version is above the floor, as `macOS 13`."""
    return [
        f'{name} {major}' + (f'.{minor}' if minor else '')
        for name, (major, minor) in versions(arguments).items()
        if name in floor and (major, minor) > floor[name]
    ]


def make_resources(folder, floor):
    """A copy of the toolchain's resource folder (links) with the interfaces of MODULES marked."""
    compiler = shutil.which('swiftc')
    source = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(compiler))), 'lib', 'swift')
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, 'linux'))
    for entry in os.listdir(source):
        if entry != 'linux':
            os.symlink(os.path.join(source, entry), os.path.join(folder, entry))
    marked = 0
    for entry in os.listdir(os.path.join(source, 'linux')):
        name = entry[: -len('.swiftmodule')] if entry.endswith('.swiftmodule') else None
        original = os.path.join(source, 'linux', entry)
        if name not in MODULES or not os.path.isdir(original):
            os.symlink(original, os.path.join(folder, 'linux', entry))
            continue
        os.makedirs(os.path.join(folder, 'linux', entry))
        for file in os.listdir(original):
            # Only the public interface: without its binary module, the compiler builds the module from it.
            if not file.endswith('.swiftinterface') or file.endswith('.private.swiftinterface'):
                continue
            lines = []
            in_protocol = False
            for line in open(os.path.join(original, file)).read().split('\n'):
                lines.append(line)
                # A requirement a protocol gained later (`FixedWidthInteger.&*`, Swift 6) is not marked: a concrete
                # type's own implementation (UInt64's `&*`) is what a use calls, and it is as old as the type.
                if re.match(r'^(?:@\S+\s+)*(?:public\s+)?protocol\s', line):
                    in_protocol = not line.rstrip().endswith('}')
                elif in_protocol and line.startswith('}'):
                    in_protocol = False
                attribute = re.match(r'^(\s*)@available\(([^)]*)\)', line)
                names = too_new(attribute.group(2), floor) if attribute and not in_protocol else []
                if names:
                    lines.append(f'{attribute.group(1)}@available(*, deprecated, message: "{MARK}: needs {", ".join(names)}")')
                    marked += 1
            open(os.path.join(folder, 'linux', entry, file), 'w').write('\n'.join(lines))
    return marked


def mirror(folder, floor):
    """A copy of the package in which each of its own `@available` declarations that needs more than the floor is also
    marked deprecated, on the same line (so every line keeps its number): a use of it outside a declaration that is
    at least as new is then a deprecation warning too, as it is an error on Apple platforms. Swift files are
    rewritten, the other files linked."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for name in ('Package.swift', 'Package.resolved'):
        if os.path.exists(os.path.join(ROOT, name)):
            shutil.copy(os.path.join(ROOT, name), os.path.join(folder, name))
    attribute = re.compile(r'@available\(([^)]*)\)')

    def mark(match):
        names = too_new(match.group(1), floor)
        if not names:
            return match.group(0)
        return f'{match.group(0)} @available(*, deprecated, message: "{MARK}: needs {", ".join(names)}")'

    marked = 0
    for top in FOLDERS:
        for base, _, files in os.walk(os.path.join(ROOT, top)):
            target = os.path.join(folder, os.path.relpath(base, ROOT))
            os.makedirs(target, exist_ok=True)
            for file in files:
                source = os.path.join(base, file)
                if not file.endswith('.swift'):
                    os.symlink(os.path.realpath(source), os.path.join(target, file))
                    continue
                lines = open(source, encoding='utf-8').read().split('\n')
                for index, line in enumerate(lines):
                    if '@available(' in line and not line.lstrip().startswith('//'):
                        lines[index] = attribute.sub(mark, line)
                        marked += lines[index] != line
                open(os.path.join(target, file), 'w', encoding='utf-8').write('\n'.join(lines))
    return marked


def allowed(lines, index, needed):
    """Whether line `index` (0-based) sits inside a declaration marked `@available` with at least `needed`, or inside
    an `if`/`guard` with `#available`: the enclosing lines are those above it with less indentation."""
    def covers(arguments):
        return any(name in needed and version >= needed[name] for name, version in versions(arguments).items())

    line = lines[index]
    if '#available(' in line and covers(line.split('#available(', 1)[1]):
        return True
    depth = len(line) - len(line.lstrip())
    for above in range(index - 1, -1, -1):
        text = lines[above]
        if not text.strip() or text.lstrip().startswith('//'):
            continue
        indent = len(text) - len(text.lstrip())
        # `guard #available(...) else { ... }` covers the rest of its block.
        if indent == depth and text.lstrip().startswith('guard #available(') and covers(text.split('#available(', 1)[1]):
            return True
        if indent >= depth and not text.lstrip().startswith('@available('):
            continue
        if indent > depth:
            continue
        stripped = text.strip()
        if '#available(' in stripped and covers(stripped.split('#available(', 1)[1]):
            return True
        if stripped.startswith('@available(') and covers(stripped[len('@available('):]):
            return True
        if indent < depth:
            depth = indent
            # The attributes of this declaration stand right above it, at its indentation.
            probe = above - 1
            while probe >= 0 and lines[probe].strip().startswith(('@', '///')):
                if lines[probe].strip().startswith('@available(') and covers(lines[probe].strip()[len('@available('):]):
                    return True
                probe -= 1
        if depth == 0:
            return False
    return False


def main():
    scratch = os.path.join(ROOT, '.build-availability')
    if '--scratch' in sys.argv:
        scratch = os.path.abspath(sys.argv[sys.argv.index('--scratch') + 1])
    floor = minimums()
    resources = os.path.join(scratch, 'resources')
    marked = make_resources(resources, floor)
    package = os.path.join(scratch, 'package')
    own_marked = mirror(package, floor)
    print(f'check-availability: deployment targets {", ".join(f"{k} {v[0]}" + (f".{v[1]}" if v[1] else "") for k, v in sorted(floor.items()))};'
          f' {marked} declarations of the toolchain\'s interfaces and {own_marked} of this package need more')
    # A warning is printed only when its file is compiled: this package's own modules are always compiled again (their
    # objects and module files are removed; the dependencies' builds are kept). The modules built from the marked
    # interfaces are built again too: the compiler does not revalidate what it built from the resource folder.
    own = set()
    for folder in FOLDERS:
        if os.path.isdir(os.path.join(ROOT, folder)):
            own.update(os.listdir(os.path.join(ROOT, folder)))
    compiled = ('.o', '.swiftdeps', '.d', '.dia', '.swiftmodule', '.swiftdoc', '.swiftsourceinfo', '.priors', '.swiftconstvalues')
    for base, folders, files in os.walk(os.path.join(scratch, 'build')):
        if 'ModuleCache' in folders:
            shutil.rmtree(os.path.join(base, 'ModuleCache'))
            folders.remove('ModuleCache')
        parts = os.path.relpath(base, scratch).split(os.sep)
        owner = next((part for part in parts if part.endswith('.build') or part == 'Modules'), None)
        if owner is None:
            continue
        for file in files:
            stem = (owner if owner != 'Modules' else file).split('.')[0].removesuffix('-tool')
            if stem in own and file.endswith(compiled):
                os.remove(os.path.join(base, file))
    build = subprocess.run(
        ['swift', 'build', '--build-tests', '--scratch-path', os.path.join(scratch, 'build'),
         '-Xswiftc', '-resource-dir', '-Xswiftc', resources],
        cwd=package, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if build.returncode != 0:
        print(build.stdout[-4000:])
        print('check-availability: the build failed', file=sys.stderr)
        return 2
    problems = {}
    pattern = re.compile(r'^(/[^:]+):(\d+):(\d+): warning: (.*?) is deprecated: ' + MARK + r': needs ([^\[]*?)\s*(?:\[#\w+\])?$')
    for line in build.stdout.split('\n'):
        match = pattern.match(line)
        if not match:
            continue
        path, row, column, what, needs = match.groups()
        relative = os.path.relpath(path, package)
        if relative.startswith('..') or relative.startswith('.build'):
            continue
        # `for await` calls `next(isolation:)` where the deployment target has it and `next()` where it does not.
        if what == "'next(isolation:)'":
            continue
        problems[(relative, int(row), int(column))] = (what, needs)
    for folder in FOLDERS:
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            for file in files:
                if not file.endswith('.swift'):
                    continue
                path = os.path.join(base, file)
                for row, text in enumerate(open(path, encoding='utf-8').read().split('\n'), 1):
                    code = text.split('//', 1)[0]
                    for regex, needs in FOUNDATION:
                        for match in re.finditer(regex, code):
                            problems[(os.path.relpath(path, ROOT), row, match.start() + 1)] = (f"'{match.group(0)}' (Foundation)", needs)
    cache = {}
    left = []
    for (path, row, column), (what, needs) in sorted(problems.items()):
        if path not in cache:
            cache[path] = open(os.path.join(ROOT, path), encoding='utf-8').read().split('\n')
        if not allowed(cache[path], row - 1, versions(needs)):
            left.append(f'{path}:{row}:{column}: {what} needs {needs}')
    for line in left:
        print(line)
    print(f'check-availability: {len(left)} use(s) of API newer than the deployment targets, '
          f'{len(problems) - len(left)} inside @available or #available')
    return 1 if left else 0


if __name__ == '__main__':
    sys.exit(main())
