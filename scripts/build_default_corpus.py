#!/usr/bin/python3
"""Builds the bundled default corpus: the corpus-mcp handbook as a ZIM archive.

Every page is content this project owns (README.md and docs/*.md), rendered to HTML in the
markup mwoffliner 1.16+ writes (ActionParse renderer), so the bundled MediaWiki adapter
serves it, and written with the real libzim writer with a full-text and a title index. The
result is committed, so a fresh machine (Java and Maven only) can search it without Python.

Needs (Debian): python3-libzim, python3-markdown.   Run from the repository root:

    /usr/bin/python3 scripts/build_default_corpus.py

Output: distribution/src/main/dist/corpus/handbook/corpus-mcp_en_handbook.zim
"""
import datetime
import hashlib
import html
import pathlib
import re
import sys

import markdown
from libzim.writer import Creator, Hint, Item, StringProvider

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "distribution/src/main/dist/corpus/handbook/corpus-mcp_en_handbook.zim"

# Markdown pages of the repository left out, with the reason. The handbook is served in the
# search-quality evaluation's mixed corpus, so a page quoting the judged queries would answer them.
EXCLUDED = {
    "docs/benchmarks/search-quality.md": "quotes the judged queries of eval/, which search the handbook",
}


def first_heading(doc, default):
    first = doc.read_text(encoding="utf-8").lstrip().splitlines()[0]
    return first[2:].strip() if first.startswith("# ") else default


def repository_pages():
    """Every Markdown page of the repository that is documentation: README.md, docs/ (with
    docs/benchmarks/) and the Markdown that plugins ship (the arch-wiki-usage prompt); each as
    (source, path in the archive, title), in the order of the home page. BundledHandbookTest walks
    the same places and fails when a page is neither here nor in EXCLUDED."""
    pages = [("README.md", "corpus-mcp", "corpus-mcp")]
    for doc in sorted((ROOT / "docs").glob("*.md")):
        title = first_heading(doc, doc.stem.replace("-", " ").replace("_", " ").capitalize())
        pages.append((str(doc.relative_to(ROOT)), "docs/" + doc.stem, title))
    for doc in sorted((ROOT / "docs/benchmarks").glob("*.md")):
        title = first_heading(doc, "Benchmarks: " + doc.stem)
        pages.append((str(doc.relative_to(ROOT)), "docs/benchmarks/" + doc.stem, title))
    for doc in sorted(ROOT.glob("plugins/*/src/main/resources/**/*.md")):
        plugin = doc.relative_to(ROOT).parts[1]
        title = first_heading(doc, doc.stem)
        pages.append((str(doc.relative_to(ROOT)), f"plugins/{plugin}/{doc.stem}", title))
    return [page for page in pages if page[0] not in EXCLUDED]


PAGES = repository_pages()


def sources_metadata():
    """The `Sources` metadata: the SHA-256 of each page's Markdown as built, one `sha256  path`
    line each (sha256sum's format), then `excluded  path  reason` lines, so a test can tell a
    stale handbook from the repository's pages without Python or libzim."""
    lines = [f"{hashlib.sha256((ROOT / source).read_bytes()).hexdigest()}  {source}"
             for source, _, _ in PAGES]
    lines += [f"excluded  {source}  {why}" for source, why in sorted(EXCLUDED.items())]
    return "\n".join(lines) + "\n"

PAGE = """<!DOCTYPE html>
<html class="client-js" lang="en" dir="ltr"><head><meta charset="UTF-8"><title>{title}</title></head>
<body class="mediawiki ltr skin-vector-2022"><div class="mw-page-container"><div class="mw-page-container-inner"><div class="mw-content-container">
<main id="content" class="mw-body">
<header class="mw-body-header vector-page-titlebar"><h1 id="firstHeading" class="firstHeading mw-first-heading">{title}</h1></header>
<a id="top"></a>
<div id="bodyContent" class="vector-body"><div id="contentSub"><div id="mw-content-subtitle"></div></div>
<div id="mw-content-text" class="mw-body-content mw-content-ltr" lang="en" dir="ltr"><div class="mw-content-ltr mw-parser-output" lang="en" dir="ltr">
{body}
</div><!--htdig_noindex--><div><div class="zim-footer">From the corpus-mcp repository ({source}).</div></div><!--/htdig_noindex--></div>
</div></main></div></div></div></body></html>
"""


def anchor(text):
    """MediaWiki's anchor for a heading: spaces to underscores, markup removed."""
    return re.sub(r"\s+", "_", re.sub(r"<[^>]+>", "", html.unescape(text)).strip())


def render(source, paths):
    md = markdown.Markdown(extensions=["tables", "fenced_code", "sane_lists"])
    body = md.convert((ROOT / source).read_text(encoding="utf-8"))
    body = re.sub(r"<h1>.*?</h1>\s*", "", body, count=1, flags=re.S)  # the title is the page's h1

    def heading(m):
        level, text = m.group(1), m.group(2)
        return (f'<div class="mw-heading mw-heading{level}"><h{level} id="{html.escape(anchor(text))}">'
                f"{text}</h{level}></div>")
    body = re.sub(r"<h([2-6])>(.*?)</h\1>", heading, body, flags=re.S)

    def link(m):
        target = m.group(1)
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            return m.group(0)
        resolved = (pathlib.Path(source).parent / target.split("#")[0]).as_posix()
        resolved = re.sub(r"[^/]+/\.\./", "", resolved)
        if resolved in paths:
            return f'href="{relative(paths[source], paths[resolved])}"'
        return 'href="https://github.invalid/corpus-mcp/' + html.escape(resolved) + '"'
    return re.sub(r'href="([^"]+)"', link, body)


def relative(from_path, to_path):
    depth = from_path.count("/")
    return "../" * depth + to_path


class Page(Item):
    def __init__(self, path, title, content, front=True):
        super().__init__()
        self.path, self.title, self.content, self.front = path, title, content, front

    def get_path(self):
        return self.path

    def get_title(self):
        return self.title

    def get_mimetype(self):
        return "text/html"

    def get_contentprovider(self):
        return StringProvider(self.content)

    def get_hints(self):
        return {Hint.FRONT_ARTICLE: self.front}


def main():
    paths = {source: path for source, path, _ in PAGES}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    if OUT.exists():
        OUT.unlink()
    today = datetime.date.today().isoformat()
    with Creator(str(OUT)).config_indexing(True, "eng") as creator:
        creator.set_mainpath("corpus-mcp")
        for key, value in {
            "Name": "corpus-mcp_en_handbook",
            "Title": "corpus-mcp handbook",
            "Description": "The corpus-mcp documentation, as a searchable offline corpus",
            "Language": "eng",
            "Creator": "corpus-mcp",
            "Publisher": "corpus-mcp",
            "Date": today,
            "Scraper": "corpus-mcp handbook builder",
            "Tags": "_category:other;_ftindex:yes;_pictures:no;_videos:no",
            "Sources": sources_metadata(),
        }.items():
            creator.add_metadata(key, value)
        for source, path, title in PAGES:
            body = render(source, paths)
            creator.add_item(Page(path, title, PAGE.format(
                title=html.escape(title), body=body, source=html.escape(source))))
            print(f"{path}: {title}", file=sys.stderr)
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes, {len(PAGES)} pages)", file=sys.stderr)


if __name__ == "__main__":
    main()
