#!/usr/bin/python3
"""Oracle for AnchorIndexTest: for the ZIM archive and the link text given, prints
{"targets": {target path: links}, "sources": {target path: [page paths]}} read with python3-libzim:
every link of every HTML article whose visible text (tags stripped, character references decoded,
case and spacing folded) is the text given, its href resolved against the page's path as a browser
would (percent-decoding, redirects followed), counted per target article."""
import html, json, posixpath, re, sys, urllib.parse
from libzim.reader import Archive

archive, wanted = Archive(sys.argv[1]), sys.argv[2]
LINK = re.compile(r'(?is)<a\s([^>]*)>(.*?)</a\s*>')
HREF = re.compile(r'(?is)\bhref\s*=\s*(?:"([^"]*)"|\'([^\']*)\')')


def fold(text):
    return ' '.join(re.findall(r'\w+', text.lower()))


def resolve(source, href):
    href = html.unescape(href).split('#', 1)[0].split('?', 1)[0]
    if not href or re.match(r'^[a-zA-Z][a-zA-Z0-9+.-]*:|^//', href):
        return None
    path = posixpath.normpath(posixpath.join(posixpath.dirname(source), urllib.parse.unquote(href)))
    try:
        entry = archive.get_entry_by_path(path)
    except KeyError:
        return None
    while entry.is_redirect:
        entry = entry.get_redirect_entry()
    return entry.path


targets, sources = {}, {}
for i in range(archive.all_entry_count):
    e = archive._get_entry_by_id(i)
    if e.is_redirect or not e.path.startswith('A/'):
        continue
    item = e.get_item()
    if not item.mimetype.startswith('text/html'):
        continue
    page = bytes(item.content).decode('utf-8', 'replace')
    for attrs, inner in LINK.findall(page):
        m = HREF.search(attrs)
        if not m or fold(html.unescape(re.sub(r'<[^>]+>', ' ', inner))) != fold(wanted):
            continue
        target = resolve(e.path, m.group(1) if m.group(1) is not None else m.group(2))
        if target is not None and target != e.path:
            targets[target] = targets.get(target, 0) + 1
            sources.setdefault(target, []).append(e.path)
print(json.dumps({"targets": targets, "sources": sources}))
