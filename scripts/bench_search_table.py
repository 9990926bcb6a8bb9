#!/usr/bin/env python3
"""Markdown p50/p99 table of scripts/bench-search.sh results: for each archive and row, the median
over rounds of libzim's and Java's p50 and p99 (both sides treated alike), and their ratios
(Java / libzim; below 1 means Java is faster).

    python3 scripts/bench_search_table.py RESULTS_DIR    # files NAME.{libzim,java}.rK.json
"""
import glob
import json
import os
import re
import statistics
import sys


def rows(files):
    out = {}
    for f in files:
        for m in json.load(open(f))['measurements']:
            out.setdefault((m['measurement'], m['variant']), []).append(m)
    return out


def med(ms, key):
    vals = [m[key] for m in ms if m.get(key) is not None]
    return statistics.median(vals) if vals else None


def main(d):
    names = sorted({re.sub(r'\.(libzim|java)\.r\d+\.json$', '', os.path.basename(f))
                    for f in glob.glob(os.path.join(d, '*.r*.json'))})
    for name in names:
        lib = rows(sorted(glob.glob(os.path.join(d, name + '.libzim.r*.json'))))
        jav = rows(sorted(glob.glob(os.path.join(d, name + '.java.r*.json'))))
        if not jav:
            continue
        rounds = len(glob.glob(os.path.join(d, name + '.java.r*.json')))
        print('\n**%s** (median of %d rounds)\n' % (name, rounds))
        print('| measurement | variant | libzim p50 µs | Java p50 µs | libzim p99 µs | Java p99 µs | p50 ratio | p99 ratio |')
        print('|---|---|---:|---:|---:|---:|---:|---:|')
        for k in [k for k in jav if k in lib] + [k for k in jav if k not in lib]:
            lp50, lp99 = (med(lib[k], 'p50_us'), med(lib[k], 'p99_us')) if k in lib else (None, None)
            jp50, jp99 = med(jav[k], 'p50_us'), med(jav[k], 'p99_us')

            def fmt(v):
                return '–' if v is None else '%.1f' % v

            def ratio(a, b):
                return '%.2f' % (b / a) if a and b else '–'
            print('| %s | %s | %s | %s | %s | %s | %s | %s |' % (k[0], k[1], fmt(lp50), fmt(jp50), fmt(lp99), fmt(jp99),
                                                            ratio(lp50, jp50), ratio(lp99, jp99)))


if __name__ == '__main__':
    main(sys.argv[1])
