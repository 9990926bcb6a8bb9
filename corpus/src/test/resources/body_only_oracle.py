#!/usr/bin/python3
"""Oracle for BodyIndexTest: for the ZIM archive and the word given, prints
{"in_titles": bool, "bodies": [paths]} read with python3-libzim: whether any entry title holds
the word as a whole word (case-insensitive), and which HTML articles' text (tags, scripts and
styles stripped) holds it."""
import html, json, re, sys
from libzim.reader import Archive

archive, word = Archive(sys.argv[1]), sys.argv[2].lower()
pattern = re.compile(r'(?<!\w)' + re.escape(word) + r'(?!\w)')
in_titles, bodies = False, []
for i in range(archive.all_entry_count):
    e = archive._get_entry_by_id(i)
    if pattern.search(e.title.lower()):
        in_titles = True
    if e.is_redirect or not e.path.startswith('A/'):
        continue
    item = e.get_item()
    if not item.mimetype.startswith('text/html'):
        continue
    text = bytes(item.content).decode('utf-8', 'replace')
    text = re.sub(r'(?is)<(script|style)\b.*?</\1>', ' ', text)
    text = html.unescape(re.sub(r'<[^>]+>', ' ', text)).lower()
    if pattern.search(text):
        bodies.append(e.path)
print(json.dumps({"in_titles": in_titles, "bodies": bodies}))
