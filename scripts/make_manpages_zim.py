#!/usr/bin/python3
"""Writes a French ZIM archive of the Debian manpages-fr pages with the real libzim writer.

The archive is a non-English library nobody tuned search on (issue 37): its pages are the French
man pages of the Debian packages manpages-fr and manpages-fr-dev, rendered by mandoc, written by
python3-libzim with a French full-text index (config_indexing(True, "fra"), Language=fra).

Each page is one article at `<name>.<section>` titled `<name> (<section>)`, shaped as the
MediaWiki adapter reads a page: the title in `h1#titleHeading`, the text in `#mw-content-text`,
the man page's sections (NOM, SYNOPSIS, DESCRIPTION, ...) as h2 and its subsections as h3. A page
that is only another's alias (a symbolic link, or a `.so` request) is a redirect to it. A
reference `<b>name</b>(section)` to a page the archive holds becomes a link to it.

    apt-get install -y manpages-fr manpages-fr-dev mandoc
    /usr/bin/python3 scripts/make_manpages_zim.py --out /tmp/eval-corpus/manpages/manpages_fr.zim

Keep the archive out of the repository. The UUID is random, the rest follows the installed pages.
"""

import argparse
import gzip
import html
import os
import re
import subprocess
import sys
from pathlib import Path

from libzim.writer import Creator, Hint, Item, StringProvider

MAN_DIR = Path("/usr/share/man/fr")
PAGE = re.compile(r"^(?P<name>.+)\.(?P<section>\d[a-z0-9]*)(?:\.gz)?$")
SO = re.compile(r"^\.so\s+(?:\S*/)?(?P<target>\S+?)(?:\.gz)?\s*$", re.M)
REFERENCE = re.compile(r"<b>([^<>]+)</b>\((\d[a-z0-9]*)\)")


class Page(Item):
    def __init__(self, path, title, content):
        super().__init__()
        self.path, self.title, self.content = path, title, content

    def get_path(self):
        return self.path

    def get_title(self):
        return self.title

    def get_mimetype(self):
        return "text/html"

    def get_contentprovider(self):
        return StringProvider(self.content)

    def get_hints(self):
        return {Hint.FRONT_ARTICLE: True}


def zim_path(file_name):
    """`ls.1.gz` -> `ls.1`; None for a file that is no man page."""
    m = PAGE.match(file_name)
    return None if m is None else "%s.%s" % (m["name"], m["section"])


def title_of(path):
    m = PAGE.match(path)
    return "%s (%s)" % (m["name"], m["section"])


def read_source(path):
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode("utf-8", "replace")


def render(source):
    """The page's HTML body as mandoc renders it, or None when mandoc cannot."""
    run = subprocess.run(["mandoc", "-Thtml", "-Ofragment", "-Wstop"], input=source.encode(),
                         capture_output=True)
    body = run.stdout.decode("utf-8", "replace")
    return body if "<section" in body else None


def article(title, body, paths):
    body = re.sub(r'(?s)<table class="head">.*?</table>', "", body, count=1)
    body = re.sub(r'(?s)<table class="foot">.*?</table>', "", body)
    body = re.sub(r'(?s)<a class="permalink" href="#[^"]*">(.*?)</a>', r"\1", body)
    # man page sections are the article's h2 sections, subsections its h3, as in a wiki page
    body = re.sub(r"<h2 class=\"Ss\"", "<h3 class=\"Ss\"", body).replace("</h2>", "</h3>")
    body = re.sub(r"<h1 class=\"Sh\"", "<h2 class=\"Sh\"", body).replace("</h1>", "</h2>")

    def link(m):
        target = "%s.%s" % (html.unescape(m[1]), m[2])
        if target not in paths:
            return m[0]
        return '<a href="%s">%s</a>' % (html.escape(target, quote=True), m[0])

    body = REFERENCE.sub(link, body)
    t = html.escape(title)
    return ('<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>%s</title></head>'
            '<body><h1 id="titleHeading">%s</h1><div id="mw-content-text">%s</div></body></html>'
            % (t, t, body)).encode("utf-8")


def collect():
    """(pages: zim path -> source file, redirects: zim path -> target zim path)."""
    pages, redirects = {}, {}
    for file in sorted(MAN_DIR.glob("man*/*")):
        path = zim_path(file.name)
        if path is None:
            continue
        if file.is_symlink():
            target = zim_path(Path(os.readlink(file)).name)
            if target is not None:
                redirects[path] = target
            continue
        so = SO.match(read_source(file).strip())
        if so is not None and "\n" not in read_source(file).strip():
            redirects[path] = zim_path(so["target"])
            continue
        pages[path] = file
    return pages, redirects


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="the .zim to write (kept outside the repository)")
    args = parser.parse_args()
    pages, redirects = collect()
    rendered = {}
    for path, file in pages.items():
        body = render(read_source(file))
        if body is not None:
            rendered[path] = body
    paths = set(rendered)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.exists():
        out.unlink()
    written = 0
    with Creator(str(out)).config_indexing(True, "fra") as creator:
        creator.set_mainpath("index")
        for path in sorted(rendered):
            creator.add_item(Page(path, title_of(path), article(title_of(path), rendered[path], paths)))
        listing = "".join('<li><a href="%s">%s</a></li>' % (html.escape(p, quote=True), html.escape(title_of(p)))
                          for p in sorted(rendered))
        creator.add_item(Page("index", "Pages de manuel", (
            '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Pages de manuel</title>'
            '</head><body><h1 id="titleHeading">Pages de manuel</h1><ul>%s</ul></body></html>'
            % listing).encode("utf-8")))
        for path, target in sorted(redirects.items()):
            seen = {path}
            while target in redirects and target not in seen:
                seen.add(target)
                target = redirects[target]
            if target in paths and path not in paths:
                creator.add_redirection(path, title_of(path), target, {Hint.FRONT_ARTICLE: False})
                written += 1
        for key, value in [("Title", "Pages de manuel en français"), ("Name", "manpages_fr"),
                           ("Language", "fra"), ("Date", "2026-12-07"),
                           ("Creator", "Projet de traduction des pages de manuel (manpages-fr)"),
                           ("Publisher", "corpus-mcp scripts/make_manpages_zim.py"),
                           ("Description", "Pages de manuel Debian en français, rendues par mandoc"),
                           ("Tags", "_ftindex:yes;_pictures:no;_category:other")]:
            creator.add_metadata(key, value)
    print("%s: %d pages, %d redirects (%d sources mandoc could not render)"
          % (out, len(rendered), written, len(pages) - len(rendered)), file=sys.stderr)


if __name__ == "__main__":
    main()
