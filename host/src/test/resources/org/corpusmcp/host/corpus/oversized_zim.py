# Builds a ZIM whose article "Huge" is SIZE bytes of HTML (zstd makes it a few KB) with the real
# libzim writer, beside a small article "Huge_notes". Usage: python3 oversized_zim.py OUT.zim SIZE
import sys
from libzim.writer import Creator, Item, StringProvider, ContentProvider, Blob, Hint

class Huge(ContentProvider):
    CHUNK = b"a" * (1 << 20)
    def __init__(self, size):
        super().__init__()
        self.head = b"<html><head><title>Huge article</title></head><body><p>"
        self.tail = b"</p></body></html>"
        self.size = size
    def get_size(self):
        return self.size
    def gen_blob(self):
        yield Blob(self.head)
        left = self.size - len(self.head) - len(self.tail)
        while left > 0:
            n = min(left, len(self.CHUNK))
            yield Blob(self.CHUNK[:n])
            left -= n
        yield Blob(self.tail)

class Page(Item):
    def __init__(self, path, title, provider):
        super().__init__()
        self.path, self.title, self.provider = path, title, provider
    def get_path(self): return self.path
    def get_title(self): return self.title
    def get_mimetype(self): return "text/html"
    def get_contentprovider(self): return self.provider
    def get_hints(self): return {Hint.FRONT_ARTICLE: True}

out, size = sys.argv[1], int(sys.argv[2])
with Creator(out).config_indexing(False, "eng") as c:
    c.set_mainpath("Huge_notes")
    c.add_metadata("Title", "Oversized")
    c.add_metadata("Language", "eng")
    c.add_metadata("Name", "oversized")
    c.add_metadata("Date", "2026-12-01")
    c.add_item(Page("Huge", "Huge article", Huge(size)))
    c.add_item(Page("Huge_notes", "Huge notes", StringProvider(
        "<html><head><title>Huge notes</title></head><body><p>Notes about the huge article.</p></body></html>")))
