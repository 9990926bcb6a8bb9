#!/usr/bin/python3
"""Oracle for CharClassesOracleTest: asks python3-xapian's QueryParser, for every code point c,
whether "x" + c parses as one term (c is a word character; the term shows its lower-case form)
and whether "x" + c + "y" splits around c under FLAG_CJK_NGRAM (c is CJK). Prints lines
"HEX WORD(0/1) CJK(0/1) LOWER_HEX"."""
import xapian
qp = xapian.QueryParser()
F = qp.FLAG_CJK_NGRAM
out = []
for cp in range(0x20, 0x110000):
    if 0xD800 <= cp <= 0xDFFF or cp in (0x23, 0x2B):     # surrogates; '#' '+' are suffix characters
        continue
    c = chr(cp)
    terms = [t.decode('utf-8', 'surrogateescape') for t in qp.parse_query('x' + c)]
    word = len(terms) == 1 and terms[0].startswith('x') and len(terms[0]) > 1
    cjk = False
    lower = ''
    if word:
        lower = ' '.join('%X' % ord(ch) for ch in terms[0][1:])
        d = str(qp.parse_query('x' + c + 'y', F))
        cjk = d.startswith('Query((x@1 OR') and (c + '@') in d
    if word or cjk:
        out.append('%X %d %d %s' % (cp, word, cjk, lower))
print('\n'.join(out))
