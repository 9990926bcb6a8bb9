#!/usr/bin/python3
"""Oracle for TypoToleranceTest: for each word given after the glass database file, prints
{"word": "correction" or null} computed by brute force over python3-xapian's allterms: unprefixed
terms (not starting with A-Z) nearest to the word's stem in the database's language (libzim
stores stems only), at the fewest edits (optimal string alignment: insert, delete,
substitute, swap neighbours; at most 1 edit up to 7 letters, 2 beyond), most documents first,
then byte order. A word whose stem the index holds, or whose word or stem is shorter than 4 letters, gets null.
With --titles first, the database is a title index: its plain terms are the titles' words unstemmed
(its stems carry the Z prefix), so words are not stemmed, and its anchor term 0posanchor is no word."""
import json, sys
import xapian

def osa(a, b, cap):
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]

titles = sys.argv[1] == '--titles'
args = sys.argv[2:] if titles else sys.argv[1:]
db = xapian.Database(args[0])
terms = [(t.term.decode('utf-8', 'replace'), t.termfreq) for t in db.allterms()
         if not (65 <= t.term[0] <= 90) and not (titles and t.term == b'0posanchor')]
# the ZIM language as libzim hands it to Xapian::Stem: a two-letter code; no stemmer, no stemming
lang = db.get_metadata('language').decode('utf-8')
lang = {'eng': 'en', 'fra': 'fr', 'deu': 'de', 'spa': 'es', 'bel': 'be'}.get(lang, lang)
try:
    stem = xapian.Stem(lang) if lang else None
except xapian.InvalidArgumentError:
    stem = None
lang = lang if stem is not None and not titles else ''
out = {}
for word in args[1:]:
    form = stem(word).decode('utf-8') if lang else word
    if len(word) < 4 or len(form) < 4 or db.term_exists(form):
        out[word] = None
        continue
    cap = 1 if len(word) <= 7 else 2
    best = None
    for edits in range(1, cap + 1):
        found = [(-tf, t.encode('utf-8'), t) for t, tf in terms if osa(form, t, edits) == edits]
        if found:
            best = sorted(found)[0][2]
            break
    out[word] = best
json.dump(out, sys.stdout)
