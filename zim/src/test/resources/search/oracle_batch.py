#!/usr/bin/python3
"""Runs ../shared/tools/zim_oracle.py search|suggest for many queries in one process.

Usage: /usr/bin/python3 oracle_batch.py ZIM_ORACLE.py search|suggest ZIM QUERIES.json SEMANTICS START COUNT
QUERIES.json is a JSON array of query strings. Prints a JSON array with zim_oracle's output for
each query, in order (exactly what "zim_oracle.py search ZIM QUERY --semantics ..." prints).
"""
import argparse, importlib.util, io, json, os, sys

tool, cmd, zim, queries, semantics, start, count = sys.argv[1:8]
spec = importlib.util.spec_from_file_location('zim_oracle', tool)
zo = importlib.util.module_from_spec(spec)
spec.loader.exec_module(zo)
real = os.fdopen(os.dup(1), 'w', encoding='utf-8')
os.dup2(2, 1)                       # libzim chatter goes to stderr
out = []
for q in json.load(open(queries, encoding='utf-8')):
    buf = io.StringIO()
    zo._OUT = buf
    ns = argparse.Namespace(zim=zim, query=q, start=int(start), count=int(count), kiwix=False,
                            semantics=semantics)
    try:
        (zo.cmd_search if cmd == 'search' else zo.cmd_suggest)(ns)
        out.append(json.loads(buf.getvalue()))
    except Exception as ex:          # e.g. a lone surrogate libzim cannot be given
        out.append(dict(query=q, oracle_exception='%s: %s' % (type(ex).__name__, ex)))
json.dump(out, real, ensure_ascii=True)
real.write('\n')
real.flush()
