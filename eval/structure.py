"""An archive's own structure, read with libzim: links with their visible text, section headings,
redirects, and the words of every article. The structural queries of eval/generated/ are made
from these (make_structural_queries.py), and score.py checks their judgments with the same code.
"""

import html
import posixpath
import re
import unicodedata
import urllib.parse

import zimtext

_LINK = re.compile(r"(?is)<a\s([^>]*)>(.*?)</a\s*>")
_HREF = re.compile(r"""(?is)\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")
_HEADING = re.compile(r"(?is)<h([23])\b[^>]*>(.*?)</h\1\s*>")
_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")
WORD = re.compile(r"[^\W_]+")

# Section headings an agent cannot mean one page by: they head a section in most articles of a
# kind. A heading found in more than GENERIC_PAGES differently titled pages of the corpus is
# treated as generic too, whatever this list says.
GENERIC_HEADINGS = {
    "references", "external links", "see also", "notes", "history", "early life", "career",
    "discography", "further reading", "bibliography", "sources", "personal life", "legacy",
    "awards", "background", "track listing", "personnel", "charts", "reception", "overview",
    "biography", "death", "filmography", "footnotes", "citations", "gallery", "etymology",
    "early life and education", "critical reception", "chart positions", "release and reception",
    "cover versions", "other versions", "singles", "awards and nominations", "weekly charts",
    "year-end charts", "certifications", "release history", "chart performance", "music video",
    "live performances", "commercial performance", "in popular culture", "later life",
    "later years", "death and legacy", "cultural references", "recording and release",
    "selected discography", "studio albums", "live albums", "compilation albums",
    "notes and references", "references and notes", "external links and references",
    "other recorded versions", "other appearances", "other versions", "covers", "accolades",
    "honors and awards", "awards and honors", "works cited", "general references", "contents",
    "navigation menu", "references and external links", "литаратура", "спасылкі", "крыніцы", "гл. таксама", "заўвагі",
}
GENERIC_PAGES = 3
# Link texts made of these words alone ("here", "this article", "сюды") name no page.
STOPWORDS = set("""a an and are as at be but by for from here in into is it its of on or see so such
that the their then there these this those to was were which with more about click link page article
i і у ў ў на з па да гэта тут сюды туды і ці як што""".split())


def fold(text):
    """Text reduced to its letters and digits: case, punctuation, spacing and diacritics dropped."""
    text = unicodedata.normalize("NFKD", zimtext.normalise(text))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return "".join(WORD.findall(text))


def visible(fragment):
    """The visible text of an HTML fragment, whitespace collapsed."""
    return _SPACE.sub(" ", html.unescape(_TAG.sub(" ", fragment))).strip()


def raw_html(lib, path):
    return bytes(lib.archive.get_entry_by_path(path).get_item().content).decode("utf-8", "replace")


def resolve_href(lib, source, href):
    """The article path a link's href leads to from the page at source (redirects followed), or None
    for an external, in-page or unresolvable link."""
    href = html.unescape(href).strip()
    if not href or href.startswith("#") or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//", href):
        return None
    href = href.split("#", 1)[0].split("?", 1)[0]
    if not href:
        return None
    base = posixpath.dirname(source)
    for candidate in dict.fromkeys([href, urllib.parse.unquote(href)]):
        joined = posixpath.normpath(posixpath.join(base, candidate)) if not candidate.startswith("/") \
            else candidate.lstrip("/")
        if candidate.endswith("/") and not joined.endswith("/"):
            joined += "/"
        for path in (joined, joined.rstrip("/"), joined + "/"):
            resolved = lib.resolve(path)
            if resolved is not None:
                return resolved
    return None


def links(lib, source):
    """(visible anchor text, target article path) for every internal link of the page at source."""
    out = []
    for attrs, inner in _LINK.findall(raw_html(lib, source)):
        m = _HREF.search(attrs)
        if not m:
            continue
        target = resolve_href(lib, source, next(g for g in m.groups() if g is not None))
        text = visible(inner)
        if target is not None and text:
            out.append((text, target))
    return out


def headings(lib, path):
    """The visible text of every h2 and h3 of the page at path, in order."""
    return [t for t in (visible(inner) for _, inner in _HEADING.findall(raw_html(lib, path))) if t]


def heading_index(lib, articles):
    """{folded heading: sorted paths of the articles holding it} for the library."""
    index = {}
    for p in articles:
        for h in headings(lib, p):
            index.setdefault(fold(h), set()).add(p)
    return {k: sorted(v) for k, v in index.items()}


def words_of(text):
    return {w.casefold() for w in WORD.findall(text)}


def vocabulary(lib):
    """Every word of the library's article texts, titles and paths, case-folded."""
    out = set()
    for i in range(lib.archive.entry_count):
        e = lib.archive._get_entry_by_id(i)
        out |= words_of(e.title) | words_of(urllib.parse.unquote(e.path))
        if not e.is_redirect and e.get_item().mimetype.startswith("text/html"):
            out |= words_of(zimtext.visible_text(e))
    return out


class PhraseIndex:
    """How many differently titled pages of the corpus hold a phrase anywhere in their text."""

    def __init__(self, libs):
        self.pages = []
        for lib in libs:
            for p in lib.articles():
                self.pages.append((fold(lib.title(p)), " %s " % " ".join(WORD.findall(lib.text(p)))))

    def titles_holding(self, phrase):
        wanted = " %s " % " ".join(WORD.findall(zimtext.normalise(phrase)))
        return len({title for title, text in self.pages if wanted in text})
