#!/usr/bin/python3
"""Writes a small French ZIM archive with the real libzim writer (python3-libzim): Language=fra and
a French full-text index, for FrenchStopwordsTest. Usage: french_archive.py OUT.zim"""
import sys
from libzim.writer import Creator, Hint, Item, StringProvider

PAGES = {
    "Paris": "Paris est la capitale de la France et sa ville la plus peuplée.",
    "Lyon": "Lyon est une ville de France, au confluent du Rhône et de la Saône.",
}


class Page(Item):
    def __init__(self, title, text):
        super().__init__()
        self.title, self.text = title, text

    def get_path(self):
        return self.title

    def get_title(self):
        return self.title

    def get_mimetype(self):
        return "text/html"

    def get_contentprovider(self):
        return StringProvider(("<html><head><title>%s</title></head><body><h1>%s</h1><p>%s</p>"
                               "</body></html>" % (self.title, self.title, self.text)).encode())

    def get_hints(self):
        return {Hint.FRONT_ARTICLE: True}


with Creator(sys.argv[1]).config_indexing(True, "fra") as creator:
    creator.set_mainpath("Paris")
    for title, text in PAGES.items():
        creator.add_item(Page(title, text))
    for key, value in [("Title", "Villes"), ("Language", "fra"), ("Name", "villes_fr"),
                       ("Date", "2026-12-07"), ("Creator", "corpus-mcp tests"),
                       ("Publisher", "corpus-mcp tests"), ("Description", "Deux villes de France")]:
        creator.add_metadata(key, value)
