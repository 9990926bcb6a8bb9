#!/usr/bin/python3
"""Prints the versions the oracle answers depend on, for the keys of the tests' caches.

Usage: /usr/bin/python3 oracle_versions.py
One line: the python-libzim binding's version, then the real file names of the libzim and Xapian
shared objects this interpreter loaded (they carry the full version, e.g. libzim.so.8.1.1), then
Xapian's own version string.
"""
import importlib.metadata, os
import libzim  # noqa: F401  (loads libzim.so)
import xapian

libs = sorted({os.path.basename(os.path.realpath(line.split()[-1]))
               for line in open('/proc/self/maps')
               if ('libzim.so' in line or 'libxapian.so' in line) and '/' in line})
print('python-libzim %s; %s; xapian %s' % (importlib.metadata.version('libzim'), ' '.join(libs),
                                          xapian.version_string()))
