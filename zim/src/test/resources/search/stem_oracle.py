#!/usr/bin/python3
"""Oracle for SnowballStemmerOracleTest: reads {"stemmer name": [words]} (JSON, stdin file
argument) and prints {"stemmer name": [xapian.Stem(name)(word) ...]} with python3-xapian."""
import json, sys
import xapian
data = json.load(open(sys.argv[1], encoding='utf-8'))
out = {}
for name, words in data.items():
    st = xapian.Stem(name)
    out[name] = [st(w.encode('utf-8')).decode('utf-8', 'surrogateescape') for w in words]
json.dump(out, sys.stdout, ensure_ascii=True)
