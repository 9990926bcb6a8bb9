#!/usr/bin/python3
"""Oracle for GlassTermCursorTest: prints [[term (base64), termfreq], ...] for every term of the
glass database file given as argument, in Xapian's allterms order (byte order), with python3-xapian."""
import base64, json, sys
import xapian
db = xapian.Database(sys.argv[1])
json.dump([[base64.b64encode(t.term).decode('ascii'), t.termfreq] for t in db.allterms()], sys.stdout)
