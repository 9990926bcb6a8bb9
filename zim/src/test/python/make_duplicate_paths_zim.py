#!/usr/bin/python3
"""make_duplicate_paths_zim.py OUT.zim - an archive whose directory holds one path twice.

Old ZIM writers did not require unique paths (libkiwix's test/data/example.zim has two
"-/j/js_modules/jsConfigVars.js" dirents side by side); libzim's writer refuses duplicates, so
this writes "dupA.html" and "dupB.html" (equal lengths, distinct titles and contents) with
python3-libzim, patches the second dirent's path to "dupA.html" and rewrites the MD5 checksum,
giving a sound archive with equal neighbouring paths.
"""
import hashlib
import struct
import sys

from libzim.writer import Creator, Hint, Item, StringProvider


class Page(Item):
    def __init__(self, path, title, html):
        super().__init__()
        self._path, self._title, self._html = path, title, html

    def get_path(self):
        return self._path

    def get_title(self):
        return self._title

    def get_mimetype(self):
        return 'text/html'

    def get_contentprovider(self):
        return StringProvider(self._html)

    def get_hints(self):
        return {Hint.FRONT_ARTICLE: True, Hint.COMPRESS: False}


def main(out):
    with Creator(out).config_indexing(False, 'eng') as c:
        c.set_mainpath('dupA.html')
        c.add_metadata('Title', 'Duplicate paths')
        c.add_metadata('Language', 'eng')
        c.add_item(Page('dupA.html', 'Duplicate first', '<html><body><p>first of two</p></body></html>'))
        c.add_item(Page('dupB.html', 'Duplicate second', '<html><body><p>second of two</p></body></html>'))
        c.add_item(Page('other.html', 'Other page', '<html><body><p>another page</p></body></html>'))
        # Neighbours on both sides, so a binary search meets the pair from either direction.
        for n in range(7):
            c.add_item(Page('a%d.html' % n, 'Before %d' % n, '<html><body><p>before %d</p></body></html>' % n))
            c.add_item(Page('z%d.html' % n, 'After %d' % n, '<html><body><p>after %d</p></body></html>' % n))
    data = bytearray(open(out, 'rb').read())
    entry_count, = struct.unpack_from('<I', data, 24)
    path_ptr_pos, = struct.unpack_from('<Q', data, 32)
    checksum_pos, = struct.unpack_from('<Q', data, 72)
    patched = 0
    for i in range(entry_count):
        off, = struct.unpack_from('<Q', data, path_ptr_pos + 8 * i)
        mime, = struct.unpack_from('<H', data, off)
        if mime >= 0xFFFE:
            continue
        start = off + (12 if mime == 0xFFFF else 16)
        if data[off + 3] == ord('C') and data[start:start + 10] == b'dupB.html\0':
            data[start:start + 9] = b'dupA.html'
            patched += 1
    if patched != 1:
        sys.exit('expected one dirent C/dupB.html, patched %d' % patched)
    data[checksum_pos:checksum_pos + 16] = hashlib.md5(bytes(data[:checksum_pos])).digest()
    open(out, 'wb').write(data)


if __name__ == '__main__':
    main(sys.argv[1])
