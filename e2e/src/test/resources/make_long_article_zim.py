#!/usr/bin/python3
"""Builds a ZIM archive holding one very long article, with the real libzim writer.

    make_long_article_zim.py SOURCE.zim ARTICLE_PATH COPIES OUT.zim

The article is ARTICLE_PATH of SOURCE.zim (a real mwoffliner page) with the content of its
mw-content-text block repeated COPIES times, so its size is real Wikipedia markup, not filler. The copies' headings repeat; the adapter
makes their section ids unique. Run with the system interpreter (python3-libzim).
"""
import re
import sys

from libzim.reader import Archive
from libzim.writer import Creator, Item, StringProvider, Hint


class Page(Item):
    def __init__(self, path, title, html):
        super().__init__()
        self._path, self._title, self._html = path, title, html

    def get_path(self):
        return self._path

    def get_title(self):
        return self._title

    def get_mimetype(self):
        return "text/html"

    def get_contentprovider(self):
        return StringProvider(self._html)

    def get_hints(self):
        return {Hint.FRONT_ARTICLE: True}


def main():
    source, path, copies, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    archive = Archive(source)
    entry = archive.get_entry_by_path(path)
    html = bytes(entry.get_item().content).decode("utf-8")
    start = re.search(r'<div id="mw-content-text"[^>]*>', html)
    if not start:
        raise SystemExit("no mw-content-text block in " + path)
    depth, end = 1, None
    for tag in re.finditer(r"<(/?)div\b", html[start.end():]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            end = start.end() + tag.start()
            break
    if end is None:
        raise SystemExit("unclosed mw-content-text block in " + path)
    long_html = html[: start.end()] + html[start.end():end] * copies + html[end:]
    # the writer makes a new-scheme archive: its content paths carry no "A/" namespace
    path = path[2:] if not archive.has_new_namespace_scheme and path.startswith("A/") else path
    with Creator(out).config_indexing(True, "eng") as creator:
        creator.set_mainpath(path)
        for key in ("Scraper", "Name", "Title", "Language", "Date", "Creator", "Publisher", "Description"):
            try:
                value = bytes(archive.get_metadata(key)).decode("utf-8")
            except RuntimeError:
                value = {"Scraper": "mwoffliner", "Language": "eng"}.get(key, "long article")
            creator.add_metadata(key, value)
        creator.add_item(Page(path, entry.title, long_html))


if __name__ == "__main__":
    main()
