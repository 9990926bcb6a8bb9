#!/usr/bin/python3
"""Builds the DevDocs and Stack Exchange fixture archives with the real libzim writer.

No real devdocs2zim or sotoki archive is available to the project, so these small archives stand
in for them. Every page is hand-written HTML that
follows the scrapers' templates; the pages live in the adapters' test resources so the unit tests
and the archives read the very same files:

  plugins/zim-devdocs/src/test/resources/pages/**.html        (path = file path without .html)
  plugins/zim-stackexchange/src/test/resources/pages/questions/<id>.html

What each archive holds, like the real scraper writes it:

  devdocs_en_python_fixture.zim   new namespace scheme, main entry "index", metadata as
      devdocs2zim v0.2.1 writes it (Scraper, Name, Title "Python 3.12 Docs", Creator DevDocs,
      Tags devdocs;python…), pages with explicit plain-text IndexData (the page body without
      navigation or attribution, as the real scraper hands libzim), plus the non-HTML entries
      navbar.json, application.css, assets/index.js, assets/index.css and licenses.txt.
  security.stackexchange.com_en_all_fixture.zim   new namespace scheme, main entry "questions",
      metadata as sotoki v3.0.x writes it (Scraper "sotoki v3.0.2", no Flavour, License CC-BY-SA,
      Tags _category:stack_exchange;stack_exchange;…), question pages indexed by libzim's default
      HTML indexer (sotoki passes no IndexData, so chrome is indexed too), redirects
      questions/<id> and a/<answer id> to the question page, and the non-document pages
      questions (list), questions/tagged/<tag>, tags, users, users/<id>/<slug>, about.
      Question 1003 uses the sotoki 2.1.x markup: one archive exercises both generations.

Needs (Debian): python3-libzim. Run from the repository root:

  /usr/bin/python3 scripts/build_family_fixtures.py

The archives are committed with this script; rebuild them after editing a page. libzim gives each
archive a fresh UUID, so a rebuild changes the bytes but not the content.
"""

import html
import json
import re
import struct
import sys
import zlib
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

from libzim.writer import Creator, Hint, IndexData, Item, StringProvider

ROOT = Path(__file__).resolve().parent.parent
DEVDOCS_PAGES = ROOT / "plugins/zim-devdocs/src/test/resources/pages"
DEVDOCS_OUT = ROOT / "plugins/zim-devdocs/src/test/resources/fixtures/devdocs_en_python_fixture.zim"
SE_PAGES = ROOT / "plugins/zim-stackexchange/src/test/resources/pages"
SE_OUT = ROOT / ("plugins/zim-stackexchange/src/test/resources/fixtures/"
                 "security.stackexchange.com_en_all_fixture.zim")
DATE = "2026-11-01"


def png_48():
    """A 48x48 grey PNG for the Illustration_48x48@1 metadata every openZIM archive carries."""
    raw = b"".join(b"\x00" + b"\x80\x80\x80" * 48 for _ in range(48))

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 48, 48, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class PlainIndex(IndexData):
    """Explicit index data, as devdocs2zim passes it: title plus the page body as plain text."""

    def __init__(self, title, text):
        super().__init__()
        self.title, self.text = title, text

    def has_indexdata(self):
        return True

    def get_title(self):
        return self.title

    def get_content(self):
        return self.text

    def get_keywords(self):
        return ""

    def get_wordcount(self):
        return len(self.text.split())

    def get_geoposition(self):
        return None


class Entry(Item):
    def __init__(self, path, title, content, mimetype="text/html", front=True, index=None):
        super().__init__()
        self.path, self.title, self.content = path, title, content
        self.mimetype, self.front, self.index = mimetype, front, index

    def get_path(self):
        return self.path

    def get_title(self):
        return self.title

    def get_mimetype(self):
        return self.mimetype

    def get_contentprovider(self):
        return StringProvider(self.content)

    def get_hints(self):
        return {Hint.FRONT_ARTICLE: self.front}


class IndexedEntry(Entry):
    """An entry with explicit IndexData (without get_indexdata, libzim indexes the HTML itself)."""

    def get_indexdata(self):
        return self.index


class PageText(HTMLParser):
    """Plain text of div._page without the attribution block (devdocs2zim's IndexData)."""

    VOID = {"br", "img", "hr", "meta", "link", "input", "wbr", "source"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0          # >0 inside div._page
        self.skip = 0           # >0 inside div._attribution
        self.out = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        if self.depth:
            self.depth += 1
            if self.skip or "_attribution" in classes:
                self.skip += 1
        elif tag == "div" and "_page" in classes:
            self.depth = 1

    def handle_endtag(self, tag):
        if tag in self.VOID or not self.depth:
            return
        self.depth -= 1
        if self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if self.depth and not self.skip:
            self.out.append(data)

    def text(self):
        return re.sub(r"\s+", " ", " ".join(self.out)).strip()


def page_text(source):
    parser = PageText()
    parser.feed(source)
    return parser.text()


@contextmanager
def creator(out, main, metadata):
    """An open libzim Creator with full-text indexing, the main path and the metadata set."""
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.exists():
        out.unlink()
    with Creator(str(out)).config_indexing(True, "eng") as c:
        c.set_mainpath(main)
        for key, value in metadata.items():
            c.add_metadata(key, value)
        c.add_illustration(48, png_48())
        yield c


# --------------------------------------------------------------------------------------- DevDocs

DEVDOCS_TITLES = {
    "index": "Python Documentation",
    "library/functions": "Built-in Functions",
    "library/stdtypes": "Built-in Types",
    "reference/datamodel": "Data model",
    "library/2to3": "2to3",
}

NAVBAR = {
    "name": "Python", "landingHref": "index", "licenseHref": "licenses.txt", "version": "3.12",
    "children": [
        {"name": "Built-in Functions", "children": [
            {"name": "Built-in Functions", "href": "library/functions"},
            {"name": "abs()", "href": "library/functions#abs"},
            {"name": "len()", "href": "library/functions#len"}]},
        {"name": "Built-in Types", "children": [
            {"name": "Built-in Types", "href": "library/stdtypes"},
            {"name": "2to3", "href": "library/2to3"}]},
        {"name": "Language Reference", "children": [
            {"name": "Data model", "href": "reference/datamodel"},
            {"name": "object.__len__()", "href": "reference/datamodel#object.__len__"}]},
    ],
}


def build_devdocs():
    with creator(DEVDOCS_OUT, "index", {
        "Name": "devdocs_en_python",
        "Title": "Python 3.12 Docs",
        "Description": "Python 3.12 docs by DevDocs",
        "Language": "eng",
        "Creator": "DevDocs",
        "Publisher": "openZIM",
        "Date": DATE,
        "Scraper": "devdocs2zim v0.2.1",
        "Tags": "devdocs;python",
    }) as c:
        for path, title in DEVDOCS_TITLES.items():
            source = (DEVDOCS_PAGES / (path + ".html")).read_text(encoding="utf-8")
            c.add_item(IndexedEntry(path, title, source, index=PlainIndex(title, page_text(source))))
        c.add_item(Entry("navbar.json", "", json.dumps(NAVBAR), "application/json", front=False))
        c.add_item(Entry("application.css", "", "._page { margin: 0 auto; }", "text/css", front=False))
        c.add_item(Entry("assets/index.css", "", "devdocs-navbar { display: block; }", "text/css",
                         front=False))
        c.add_item(Entry("assets/index.js", "", "customElements.define('devdocs-navbar', class extends HTMLElement {});",
                         "application/javascript", front=False))
        c.add_item(Entry("licenses.txt", "Open-source Licenses",
                         "Python: (c) 2001-2025 Python Software Foundation. Licensed under the PSF License.\n"
                         "DevDocs: (c) 2013-2025 Thibaut Courouble and other contributors. Mozilla Public License v2.0.\n",
                         "text/plain", front=True))
    print(f"wrote {DEVDOCS_OUT.relative_to(ROOT)} ({DEVDOCS_OUT.stat().st_size} bytes)", file=sys.stderr)


# ------------------------------------------------------------------------------------ Stack Exchange

# question id -> (slug, title, answer ids)
QUESTIONS = {
    "1001": ("what-is-a-salt-in-password-hashing", "What is a salt in password hashing?",
             ["1010", "1005", "1020"]),
    "1002": ("how-do-i-keep-api-keys-out-of-a-docker-image",
             "How do I keep API keys out of a Docker image?", ["2001", "2002"]),
    "1003": ("is-md5-still-fine-for-file-checksums", "Is MD5 still fine for file checksums?",
             ["3001", "3002"]),
}

LIST_SHELL = """<!DOCTYPE html><html class="html__responsive  html__fixed-top-bar"><head><meta charset="utf-8">
<title>{title} - Information Security Stack Exchange</title> <meta name="to_root" content="{root}" />
<link rel="stylesheet" href="{root}static/css/stacks.css" /><link rel="stylesheet" href="{root}static/css/sotoki.css" /></head>
<body class="{body_class} unified-theme">
 <header data-is-here-when="sm" class="s-topbar ps-fixed t0 l0 js-top-bar"><div class="s-topbar--container"><ol class="s-navigation" role="presentation"><li><a class="s-navigation--item is-selected" href="{root}questions">Questions</a></li><li><a class="s-navigation--item" href="{root}tags">Tags</a></li><li><a class="s-navigation--item" href="{root}users">Users</a></li></ol></div></header>
 <div class="container"><div id="content" class="">
  <div class="grid"><h1 class="grid--cell fl1 fs-headline1 mb24">{title}</h1></div>
  <div id="mainbar" role="main">{body}</div>
 </div></div>
</body></html>
"""

SUMMARY = """<div class="question-summary" id="question-summary-{qid}"><div class="statscontainer"><div class="stats"><div class="vote"><div class="votes"><span class="vote-count-post"><strong>{score}</strong></span><div class="viewcount">votes</div></div></div><div class="status {status}"><strong>{answers}</strong> answers</div></div></div>
<div class="summary"><h3><a href="{root}questions/{qid}/{slug}" class="question-hyperlink">{title}</a></h3><div class="excerpt">{excerpt}</div>
<div class="tags">{tags}</div></div></div>
"""

SUMMARIES = [
    ("1001", 42, "answered-accepted", 3, "I keep reading that passwords should be hashed with a salt.",
     ["password-hashing", "cryptography"]),
    ("1002", 12, "answered", 2, "Our Dockerfile copies a .env file with API keys into the image.",
     ["docker", "secrets-management"]),
    ("1003", 7, "answered-accepted", 2, "We publish release tarballs with an .md5 file next to them.",
     ["hash", "md5", "integrity"]),
]


def summaries(root, only_tag=None):
    out = []
    for qid, score, status, answers, excerpt, tags in SUMMARIES:
        if only_tag and only_tag not in tags:
            continue
        slug, title, _ = QUESTIONS[qid]
        tag_links = " ".join(
            f'<a href="{root}questions/tagged/{t}" class="post-tag" rel="tag">{t}</a>' for t in tags)
        out.append(SUMMARY.format(qid=qid, score=score, status=status, answers=answers, root=root,
                                  slug=slug, title=html.escape(title), excerpt=html.escape(excerpt),
                                  tags=tag_links))
    return "".join(out)


def list_page(title, root, body, body_class="questions-page"):
    return LIST_SHELL.format(title=html.escape(title), root=root, body=body, body_class=body_class)


def build_stackexchange():
    with creator(SE_OUT, "questions", {
        "Name": "security.stackexchange.com_en_all",
        "Title": "Information Security Stack Exchange",
        "Description": "Q&A for information security professionals",
        "Language": "eng",
        "Creator": "Stack Exchange",
        "Publisher": "openZIM",
        "Date": DATE,
        "Scraper": "sotoki v3.0.2",
        "License": "CC-BY-SA",
        "Tags": "_category:stack_exchange;stack_exchange;_videos:no;_details:no",
    }) as c:
        for qid, (slug, title, answers) in QUESTIONS.items():
            path = f"questions/{qid}/{slug}"
            source = (SE_PAGES / "questions" / f"{qid}.html").read_text(encoding="utf-8")
            c.add_item(Entry(path, title, source))  # default HTML indexing, like sotoki
            c.add_redirection(f"questions/{qid}", title, path, {Hint.FRONT_ARTICLE: False})
            for aid in answers:
                c.add_redirection(f"a/{aid}", title, path, {Hint.FRONT_ARTICLE: False})
        c.add_item(Entry("questions", "Highest Voted Questions",
                         list_page("Highest Voted Questions", "", summaries(""))))
        c.add_item(Entry("questions/tagged/password-hashing",
                         "Highest Voted 'password-hashing' Questions",
                         list_page("Highest Voted 'password-hashing' Questions", "../../",
                                   summaries("../../", "password-hashing"))))
        tags = sorted({t for *_, ts in SUMMARIES for t in ts})
        c.add_item(Entry("tags", "Tags", list_page("Tags", "", "<div id=\"tags-browser\">" + "".join(
            f'<div class="s-card"><a href="questions/tagged/{t}" class="post-tag" rel="tag">{t}</a></div>'
            for t in tags) + "</div>", "tags-page")))
        c.add_item(Entry("users", "Users", list_page("Users", "", (
            '<div id="user-browser"><div class="user-info"><div class="user-details">'
            '<a href="users/501/jane-doe">Jane Doe</a></div></div></div>'), "users-page")))
        c.add_item(Entry("users/501/jane-doe", "User Jane Doe", list_page("User Jane Doe", "../../", (
            '<div id="user-card"><h2>Jane Doe</h2><p>Reputation 12,345</p>'
            '<a href="../../questions/1001/what-is-a-salt-in-password-hashing">What is a salt in '
            'password hashing?</a></div>'), "user-page")))
        c.add_item(Entry("about", "About", list_page("About", "", (
            "<p>This is an offline copy of Information Security Stack Exchange, made with sotoki. "
            "Content licensed under CC BY-SA.</p>"), "about-page")))
        c.add_item(Entry("static/css/sotoki.css", "", ".kiwix-topbar-fill { height: 50px; }",
                         "text/css", front=False))
        c.add_item(Entry("images/3f2a9c0d1e", "", "RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00",
                         "image/webp", front=False))
        c.add_item(Entry("api/tags.json", "", json.dumps(tags), "application/json", front=False))
    print(f"wrote {SE_OUT.relative_to(ROOT)} ({SE_OUT.stat().st_size} bytes)", file=sys.stderr)


if __name__ == "__main__":
    build_devdocs()
    build_stackexchange()
