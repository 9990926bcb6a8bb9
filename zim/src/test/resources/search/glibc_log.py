#!/usr/bin/python3
"""Oracle for GlibcLogTest: prints "x_hex log_hex" lines computed by the C library's log
(CPython's math.log calls it directly). Inputs: every BM25 idf argument for N <= 400 plus
random doubles across the range, seeded."""
import math, random, struct
def h(x): return struct.pack('>d', x).hex()
xs = []
for n in range(1, 401):
    for tf in range(1, n + 1):
        tw = (n - tf + 0.5) / (tf + 0.5)
        if tw < 2:
            tw = tw * 0.5 + 1
        xs.append(tw)
rnd = random.Random(7)
for _ in range(100000):
    xs.append(rnd.uniform(0.9, 1.1))
    xs.append(math.exp(rnd.uniform(-700, 700)))
for x in xs:
    print(h(x), h(math.log(x)))
