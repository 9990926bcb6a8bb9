"""Reading the evaluation's archives with libzim: the library layout, article text, equivalents.

Everything a judgment rests on comes from here, straight from the archive through python3-libzim,
never from corpus-mcp: an article's visible text (HTML tags, scripts and styles removed,
whitespace collapsed), its title, and where a redirect points.
"""

import html
import re
import tomllib
from pathlib import Path

import libzim

EVAL_DIR = Path(__file__).resolve().parent
CORPUS_TOML = EVAL_DIR / "corpus.toml"

_SCRIPT_STYLE = re.compile(r"(?is)<(script|style)[^>]*>.*?</\1>")
_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")


def libraries(corpus_toml=CORPUS_TOML):
    """The [[library]] tables of corpus.toml, in order: dicts with name, path, adapter."""
    with open(corpus_toml, "rb") as f:
        return tomllib.load(f)["library"]


def normalise(text):
    """Case-folded, whitespace-collapsed text with typographic quotes made plain, for matching."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return _SPACE.sub(" ", text).strip().casefold()


def visible_text(entry):
    """The text a reader sees in an HTML entry."""
    raw = bytes(entry.get_item().content).decode("utf-8", "replace")
    return _SPACE.sub(" ", html.unescape(_TAG.sub(" ", _SCRIPT_STYLE.sub(" ", raw)))).strip()


class Library:
    """One archive of the corpus, opened with libzim."""

    def __init__(self, name, archive_path):
        self.name = name
        self.archive = libzim.Archive(str(archive_path))
        self._texts = {}

    def has_fulltext_index(self):
        return self.archive.has_fulltext_index

    def entry(self, path):
        """The entry at path, or None."""
        try:
            return self.archive.get_entry_by_path(path)
        except KeyError:
            return None

    def resolve(self, path):
        """The path of the article that path names, redirects followed; None if there is none."""
        e = self.entry(path)
        if e is None:
            return None
        for _ in range(16):
            if not e.is_redirect:
                return e.path
            e = e.get_redirect_entry()
        return None

    def resolve_ref_path(self, ref_path):
        """The archive path a corpus-mcp ref's path names: as given, or under the old 'A/' namespace."""
        for candidate in (ref_path, "A/" + ref_path):
            resolved = self.resolve(candidate)
            if resolved is not None:
                return resolved
        return None

    def title(self, path):
        return self.archive.get_entry_by_path(path).title

    def text(self, path):
        """Normalised visible text of the article at path."""
        if path not in self._texts:
            self._texts[path] = normalise(visible_text(self.archive.get_entry_by_path(path)))
        return self._texts[path]

    def articles(self):
        """Paths of every non-redirect HTML entry."""
        out = []
        for i in range(self.archive.entry_count):
            e = self.archive._get_entry_by_id(i)
            if not e.is_redirect and e.get_item().mimetype.startswith("text/html"):
                out.append(e.path)
        return out

    def articles_titled(self, title):
        """Paths of the articles whose title is title (compared normalised)."""
        want = normalise(title)
        return [p for p in self.articles_by_title().get(want, [])]

    def articles_by_title(self):
        if not hasattr(self, "_by_title"):
            self._by_title = {}
            for p in self.articles():
                self._by_title.setdefault(normalise(self.title(p)), []).append(p)
        return self._by_title


def open_libraries(root, corpus_toml=CORPUS_TOML):
    """Name -> Library for every library of corpus.toml under the corpus root."""
    return {lib["name"]: Library(lib["name"], Path(root) / lib["path"]) for lib in libraries(corpus_toml)}
