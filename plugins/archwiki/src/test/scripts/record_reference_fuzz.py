#!/usr/bin/env python3
"""Record reference outputs for random wikitext, for DifferentialTest.

The oracle is the reference implementation itself (egarcia74/arch-wiki-mcp at 5fe91d9, MIT),
run from a checkout: record_reference_fuzz.py <reference-src-dir> <seed> <count> <out.json>.
Random texts are built from wikitext fragments that stress the contract's rules (templates,
nesting, parameters, nowiki, comments, emphasis, lists, headings, links, entities, Unicode
whitespace, astral characters). Cases touching a deliberate departure (docs/archwiki.md,
"Deliberate departures from the reference")
are left out, so every recorded case must match this plugin exactly:
  - any {{man...}} (J.2), reference output containing NUL (J.1),
  - a list-marker run ending in ':' or ';' after '*'/'#', before or after link rendering (J.5),
  - a [[link]] containing a <nowiki> tag (links are sliced from the text, not the mask).
Recorded once with seed 7, count 600.
"""
import json, random, re, sys
sys.path.insert(0, sys.argv[1])
from dataclasses import asdict
from arch_wiki_mcp import extractor as x
random.seed(int(sys.argv[2]))
ATOMS = ["{{bc|", "{{hc|", "{{ic|", "{{Pkg|", "{{AUR|", "{{man|8|", "{{man|", "{{Note|", "{{Warning|", "{{Tip|",
  "{{Caution|", "{{Note (Español)|", "{{App|", "{{Accuracy|", "{{Expansion}}", "{{Related|", "{{=}}", "{{!}}",
  "}}", "}}", "}}", "|", "|", "[[", "]]", "[[Foo|", "[[#Bar]]", "[[de:GRUB]]", "[[Category:X]]", "[https://x.org/a b c]",
  "[https://y.org]", "<nowiki>", "</nowiki>", "<!-- c -->", "<!--", "-->", "'''", "''", "''x''", "\n", "\n", "\n", "\n ",
  "\n# ", "\n* ", "\n## ", "\n#** ", "\n: ", "\n;t : d", "\n== H ==\n", "\n=== Sub ===\n", " ", "  ", "\t", "word", "echo hi",
  "# mount ''dev''", "1=", "output=", "GRUB_X=y", "{", "}", "{|", "|}", "{{{1}}}", "\u00a0", "\u202f", "é", "e\u0301",
  "<br>", "&lt;", "{{Note|1=", "<NOWIKI>", "</NoWiki>", "<nowiki/>", "[[File:x.png|thumb|y]]", "[[:Category:X]]", "[[/Sub]]", "[[Foo|[x]]]", "==x== ", "\n * b", "\r\n", "\u2028", "\u0085", "\U0001D11E", "&#128;", "&copy", "&CounterClockwiseContourIntegral;", "&#x1F600;", "{{Warning|", "{{note|", "{{WARNING|", "{{Tip (正體中文)|", "\n\u202f# x", "\n\u00a0 y", "{{ic|{{!}}}}", "{{Pkg|a}}}}", "{{ic|menuentry {x}}}", "{{{", "}}}", "[[a]]", "[[b|c|d]]", "[https://z.org/p?q=1 w]", "\n=x=\n", "\n==== deep ====  \n", "\n====== six ======\n", "\n======= seven =======\n", "&amp;", "{{DISPLAYTITLE:t}}", "{{#if:a|b}}", "\n{{hc|/etc/f|", "\n{{bc|\n", "x=y", "**", "##"]
def gen():
    n = random.randint(1, 40)
    return "".join(random.choice(ATOMS) for _ in range(n))

J5 = re.compile(r"(^|\n)[*#:;]*[*#][*#:;]*[:;]|(^|\n)[*#:;]*\[\[:")
def affected(t, r):
    if "{{man" in t.lower() or "\\u0000" in json.dumps(r):
        return True
    if J5.search(t) or re.search(r"\[\[[^\]]*<nowiki", t, re.I):
        return True
    return False
out = []
while len(out) < int(sys.argv[3]):
    t = gen()
    r = {"input": t,
         "commands": [{k: v for k, v in asdict(b).items() if k in ("content", "content_raw", "header", "placeholders", "source_pattern")} for b in x.parse_code_blocks(t)],
         "warnings": [{k: v for k, v in asdict(b).items() if k in ("type", "message", "message_raw")} for b in x.parse_templates(t)],
         "section": x.render_section_wikitext(t),
         "links": [asdict(l) for l in x.parse_internal_links(t, "Page", frozenset({"category", "de", "file"}))],
         "snippet": x.clean_snippet(t)}
    if not affected(t, r):
        out.append(r)
json.dump(out, open(sys.argv[4], "w"), ensure_ascii=False, indent=0)
print(len(out))
