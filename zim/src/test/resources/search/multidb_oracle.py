#!/usr/bin/python3
"""Xapian's own multi-database search: the reference for weights over merged collection statistics.

Usage: multidb_oracle.py COUNT TERM,TERM,... DB.glass DB.glass ...

Opens the databases as one xapian.Database (add_database), runs the OR of the terms (each wqf 1)
with Xapian's default BM25Weight, and prints one JSON object per line for the first COUNT
matches: the member database (0-based), the document's id in it, its data (its path) and the weight.
"""
import json
import sys

import xapian


def main():
    count = int(sys.argv[1])
    terms = [t for t in sys.argv[2].split(",") if t]
    db = xapian.Database(sys.argv[3])
    for path in sys.argv[4:]:
        db.add_database(xapian.Database(path))
    members = len(sys.argv) - 3
    enquire = xapian.Enquire(db)
    enquire.set_weighting_scheme(xapian.BM25Weight())
    enquire.set_query(xapian.Query(xapian.Query.OP_OR, terms))
    for m in enquire.get_mset(0, count):
        # multi-database docids interleave: member i's docid d is (d - 1) * members + i + 1
        member = (m.docid - 1) % members
        docid = (m.docid - 1) // members + 1
        print(json.dumps({"db": member, "docid": docid, "data": m.document.get_data().decode("utf-8"),
                          "weight": m.weight}))


if __name__ == "__main__":
    main()
