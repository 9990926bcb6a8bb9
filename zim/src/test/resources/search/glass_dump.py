#!/usr/bin/python3
"""Oracle dump of a glass database with python3-xapian, for GlassDatabaseOracleTest.

Usage: /usr/bin/python3 glass_dump.py DB.glass > out.json
Prints statistics, metadata, every term (termfreq, collfreq, postings), every document's
length, data and values 0..2, and the position list of every (term, document) posting.
"""
import base64, json, sys
import xapian

db = xapian.Database(sys.argv[1])
b64 = lambda b: base64.b64encode(b).decode()
out = dict(doccount=db.get_doccount(), lastdocid=db.get_lastdocid(), avlength=db.get_avlength(),
           total_length=db.get_total_length(), doclen_lbound=db.get_doclength_lower_bound(),
           doclen_ubound=db.get_doclength_upper_bound(), has_positions=db.has_positions(),
           uuid=(lambda u: u.decode() if isinstance(u, bytes) else u)(db.get_uuid()), metadata={k.decode(): b64(db.get_metadata(k)) for k in db.metadata_keys()})
terms = []
for t in db.allterms():
    term = t.term
    posting = [[p.docid, p.wdf] for p in db.postlist(term)]
    # one position list per posting, in posting order (empty lists where the index has none)
    terms.append(dict(term=b64(term), tf=t.termfreq, cf=db.get_collection_freq(term),
                      wdf_ub=db.get_wdf_upper_bound(term), postings=posting,
                      positions=[list(db.positionlist(d, term)) for d, _ in posting]))
out['terms'] = terms
docs = []
for p in db.postlist(''):
    d = db.get_document(p.docid)
    docs.append(dict(docid=p.docid, length=db.get_doclength(p.docid), data=b64(d.get_data()),
                     values=[b64(d.get_value(s)) for s in range(3)]))
out['docs'] = docs
json.dump(out, sys.stdout)
