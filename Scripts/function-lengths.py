#!/usr/bin/env python3
"""The functions of Swift sources by length (a func, init or deinit, from its first line to its closing brace), the longest
first, and how many are over 80 lines: the measure issue 42 holds Sources to.

    Scripts/function-lengths.py Sources [N]     (the N longest, 20 by default)
    Scripts/function-lengths.py --check Sources (CI: exit 1, naming them, when a function is over 80 lines)

Scripts/module-metrics.py counts functions with function_lengths() below.
"""
import os, re, sys

FUNCTION = re.compile(
    r'\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|open|static|mutating|nonisolated|override'
    r'|final|class|@discardableResult)\s+)*(func\s+[^\s(<]+|init[?!]?|deinit)\b')


def function_lengths(lines):
    """(length, first line's index, name) of each function in `lines`."""
    found = []
    for i, line in enumerate(lines):
        m = FUNCTION.match(line)
        if not m: continue
        # find opening brace of the body
        depth = 0; started = False; j = i
        while j < len(lines):
            s = re.sub(r'"(?:[^"\\]|\\.)*"', '""', lines[j]); s = re.sub(r'//.*', '', s)
            for ch in s:
                if ch == '{': depth += 1; started = True
                elif ch == '}': depth -= 1
            if started and depth <= 0: break
            j += 1
        if started: found.append((j - i + 1, i, m.group(1)))
    return found


def main():
    check = '--check' in sys.argv
    args = [a for a in sys.argv[1:] if a != '--check']
    rows = []
    for d, _, fs in os.walk(args[0]):
        for f in fs:
            if not f.endswith('.swift'): continue
            p = os.path.join(d, f)
            for length, i, name in function_lengths(open(p, encoding='utf-8').read().split('\n')):
                rows.append((length, p, i + 1, name))
    rows.sort(reverse=True)
    over = [r for r in rows if r[0] > 80]
    for r in (over if check else rows[:int(args[1]) if len(args) > 1 else 20]): print(f'{r[0]:4d} {r[1]}:{r[2]} {r[3]}')
    print('functions over 80 lines:', len(over), 'of', len(rows))
    if check and over:
        print('function-lengths: split the functions above (80 lines at most: docs/ARCHITECTURE.md)', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
