#!/usr/bin/python3
"""Writes eval/generated/: judged queries made mechanically from each archive's own structure.

Nobody writes these by looking at the answer, so tuning the ranking on the hand-written queries of
eval/queries/ cannot flatter them. Five kinds, each judged by the archive itself (python3-libzim):

  alias        a redirect entry's title -> the article it redirects to (not when the two titles
               differ only in case, punctuation, spacing or diacritics);
  anchor       the visible text of a link inside an article -> the article the link leads to (href
               resolved against the source page's path, redirects followed). Left out: text equal
               to the target's title or another article's title (folded as for aliases), one
               character, no letter, stopwords only ("here"), or a link to its own page. `source` is the page the sampled link is in and `links_from` every
               page linking to the target with that text, so a ranking that uses anchor text can
               leave those links out (leave-one-out) when it is scored on this query;
  heading      an h2/h3 section heading's text alone, when it is specific: two words or more, not a
               generic heading (References, Early life, ...: structure.GENERIC_HEADINGS), not an
               article's title, held as a heading by at most three differently titled pages of the
               whole corpus and found as a phrase anywhere in the text of at most three ("Side A",
               "Willie Nelson" are not). Every page of the library holding it is relevant (score.py adds the other libraries' in the mixed
               setting);
  misspelling  an article title with one or two typing errors: a neighbouring key on the keyboard
               (QWERTY; the Belarusian layout for Cyrillic), a dropped, a doubled letter, or two
               neighbours swapped; only in words of five letters or more, never the first letter,
               a second error (three titles in ten) in another word or a word of eight letters up;
               not when the misspelt word is a word of the corpus (a real-word error nobody can
               correct) or the result is another article's title;
  absent       a proper noun of /usr/share/dict/american-english (Debian package wamerican) that
               occurs in no archive of eval/corpus.toml (no word of any entry's title, path, text
               or HTML, none with the same English stem (Xapian's stemmer), no libzim full-text or
               title-suggestion hit), followed by one or two title words of a library. Nothing is
               relevant; what is scored is whether the server rewrote the missing name into
               another word (`corrected`) and whether a notice names it.
  question     one of the texts above that the archive itself says names an article (a redirect's
               title, a link's visible text, a specific section heading: the same pools and
               rules as alias, anchor and heading) wrapped in a question template (who, what,
               where, when, how, why; ten templates, one per query chosen by a fixed seed, e.g.
               "Where is Hong Kong S. A. R. located?"), judged as that kind judges the text (its
               target; for a heading every page holding it); `basis` names the kind, `text` the
               wrapped text, and an anchor's question keeps `source` and `links_from`. It
               measures what agents' natural-language questions hit (issue 37): the answer's
               title words are not in the question (a paraphrase: an alias, a link's wording, a
               section), while the template's common words ("known", "history", "located",
               "work") are in many articles, so term matching that lets them count, or a large
               topical library that holds them often, puts other articles and other libraries
               first (the flood). At most --cap per archive, a third from each basis; its half
               is the half its text has in its basis kind, so the test half asks no text the
               tuning half shows under either kind;
  description  a man page's one-line description, the NAME (NOM) section's text after the
               names and the dash ("ls - Afficher le contenu de répertoires" asks "Afficher le
               contenu de répertoires") -> that page and every page with the same description;
               only when it has two words or more and is not a title. Archives without such a
               section (every wiki) give none.

Archives: the sample archives of the shared corpus-samples (the Wikipedia ones, which relevance
tuning looked at, marked "tuned"; Wikibooks be and tonedear.com, looked at least, "untuned").
Sampling uses fixed seeds and at most --cap queries per archive and kind (--absent per archive),
so a rerun writes the same files. Every query's id is a hash of what it asks and what answers it,
and its split ("tune" or "test") the parity of the SHA-256 of its kind and normalised text (for a
misspelling, of the title it misspells): a query keeps its id and split when caps or other queries
change, and the same words asked of two snapshots fall in the same half.

    /usr/bin/python3 eval/make_structural_queries.py --root CORPUS_ROOT   # after score.py --stage

Another corpus and archives (a French archive nobody tuned on, issue 37; the absent kind is
English-only, so --absent 0):

    /usr/bin/python3 eval/make_structural_queries.py --root /tmp/eval-corpus \
        --corpus eval/corpus-manpages-fr.toml --archives Manpages-fr --absent 0 --out eval/manpages-fr

(CORPUS_ROOT as staged by `score.py --stage --root CORPUS_ROOT`; the absent kind reads every
library of eval/corpus.toml there, handbook included.)
"""

import argparse
import hashlib
import json
import random
import re
from collections import defaultdict
from pathlib import Path

import structure
import zimtext
from make_title_queries import NOT_DOCUMENTS

GENERATED_DIR = zimtext.EVAL_DIR / "generated"
KINDS = ["alias", "anchor", "heading", "misspelling", "absent", "question", "description"]
# The archives of the shared corpus-samples, and whether relevance tuning has looked at them.
ARCHIVES = {"Wikipedia-100": "tuned", "RayCharles-mini": "tuned", "RayCharles-maxi": "tuned",
            "RayCharles-2015": "tuned", "Wikibooks-be": "untuned", "Wikibooks-be-ft": "untuned",
            "ToneDear": "untuned"}
DICTIONARY = "/usr/share/dict/american-english"

KEYBOARDS = ["qwertyuiop", "asdfghjkl", "zxcvbnm",
             "йцукенгшўзх", "фывапролджэ", "ячсмітьбю"]


def neighbours(letter):
    """The keys beside letter on its row and the rows above and below (same keyboard)."""
    low = letter.lower()
    for r, row in enumerate(KEYBOARDS):
        c = row.find(low)
        if c < 0:
            continue
        block = r // 3 * 3
        out = [row[j] for j in (c - 1, c + 1) if 0 <= j < len(row)]
        for other in (r - 1, r + 1):
            if block <= other < block + 3:
                out += [KEYBOARDS[other][j] for j in (c - 1, c, c + 1) if 0 <= j < len(KEYBOARDS[other])]
        return [o.upper() if letter.isupper() else o for o in out]
    return []


def typo(word, rng):
    """(word with one typing error, description), never touching the first letter."""
    for _ in range(20):
        how = rng.choice(["adjacent key", "dropped", "doubled", "swapped"])
        i = rng.randrange(1, len(word))
        if how == "adjacent key":
            near = neighbours(word[i])
            if not near:
                continue
            wrong = word[:i] + rng.choice(near) + word[i + 1:]
        elif how == "dropped":
            wrong = word[:i] + word[i + 1:]
        elif how == "doubled":
            wrong = word[:i] + word[i] + word[i:]
        else:
            if i >= len(word) - 1 or word[i] == word[i + 1]:
                continue
            wrong = word[:i] + word[i + 1] + word[i] + word[i + 2:]
        if wrong != word:
            return wrong, "%s '%s' -> '%s'" % (how, word, wrong)
    return None


def query_id(kind, library, query, relevant):
    digest = hashlib.sha256(json.dumps([kind, library, query, relevant], ensure_ascii=False).encode())
    return "%s-%s-%s" % (kind, re.sub(r"[^a-z0-9]", "", library.lower()), digest.hexdigest()[:10])


def split_of(kind, query):
    """The half a query falls in: by its kind and words, not its id, so the same words asked of
    two snapshots of a wiki (Ray Charles 2015/2019/2020, Wikibooks with and without a full-text
    index) are in the same half and the test half holds no query text the tuning half shows; a
    misspelling goes by the title it misspells, so no title is misspelt in both halves."""
    key = "%s\t%s" % (kind, zimtext.normalise(query))
    return "tune" if int(hashlib.sha256(key.encode()).hexdigest(), 16) % 2 == 0 else "test"


def documents(lib):
    """Article paths an agent may ask for by name: not the main page, listings or site chrome."""
    main = lib.archive.main_entry.get_item().path if lib.archive.has_main_entry else None
    return sorted(p for p in lib.articles()
                  if p != main and not NOT_DOCUMENTS.search(p) and lib.title(p).strip())


def aliases(name, lib, docs, rng, cap):
    out = []
    for i in range(lib.archive.entry_count):
        e = lib.archive._get_entry_by_id(i)
        if not e.is_redirect or not e.title.strip():
            continue
        target = lib.resolve(e.path)
        if target not in docs or structure.fold(e.title) == structure.fold(lib.title(target)):
            continue
        if not structure.fold(e.title):
            continue
        out.append(dict(query=e.title, relevant=[target], via=e.path,
                        why="redirect %r -> %r" % (e.title, lib.title(target))))
    return rng.sample(out, min(cap, len(out)))


def anchors(name, lib, docs, rng, cap):
    groups = defaultdict(lambda: {"text": None, "targets": set(), "sources": set()})
    titles = {structure.fold(t) for t in lib.articles_by_title()}
    for source in sorted(docs):  # docs is a set: a fixed order keeps the first-seen text fixed
        for text, target in structure.links(lib, source):
            if target not in docs or target == source:
                continue
            key = structure.fold(text)
            if len(key) <= 1 or key.isdigit() or not re.search(r"[^\W\d_]", text):
                continue
            if all(w in structure.STOPWORDS for w in structure.words_of(text)):
                continue  # "here", "this": the text names no page
            if key == structure.fold(lib.title(target)):
                continue
            g = groups[zimtext.normalise(text)]
            g["text"] = g["text"] or text
            g["targets"].add(target)
            g["sources"].add(source)
    out = []
    for norm in sorted(groups):
        g = groups[norm]
        targets = sorted(g["targets"])
        # the text of these links may also be another target's exact title: then it is no anchor
        if structure.fold(g["text"]) in titles:
            continue
        source = sorted(g["sources"])[0]
        out.append(dict(query=g["text"], relevant=targets, source=source, links_from=sorted(g["sources"]),
                        why="link text in %r -> %s" % (lib.title(source),
                                                     ", ".join(repr(lib.title(t)) for t in targets))))
    return rng.sample(out, min(cap, len(out)))


def headings(name, lib, docs, rng, cap, titles_holding, phrases):
    out = []
    titles = {structure.fold(t) for t in lib.articles_by_title()}
    index = structure.heading_index(lib, docs)
    for key in sorted(index):
        paths = index[key]
        text = next(h for h in structure.headings(lib, paths[0]) if structure.fold(h) == key)
        words = structure.WORD.findall(text)
        if len(words) < 2 or zimtext.normalise(text) in structure.GENERIC_HEADINGS:
            continue
        if len(titles_holding[key]) > structure.GENERIC_PAGES or key in titles:
            continue  # generic, or an article's title: a title query, not a heading's
        if phrases.titles_holding(text) > structure.GENERIC_PAGES:
            continue  # "Side A", "Willie Nelson": the words say too little of which page is meant
        out.append(dict(query=text, relevant=paths,
                        why="section heading of %s" % ", ".join(repr(lib.title(p)) for p in paths)))
    return rng.sample(out, min(cap, len(out)))


def misspellings(name, lib, docs, rng, cap, vocabulary):
    out = []
    titles = {structure.fold(t) for t in lib.articles_by_title()}
    for p in rng.sample(docs, len(docs)):
        if len(out) >= cap:
            break
        title = lib.title(p)
        words = sorted({w for w in structure.WORD.findall(title) if w.isalpha() and len(w) >= 5})
        if not words:
            continue
        changed, notes, now = title, [], {}
        for k in range(1 + (rng.random() < 0.3)):
            # a second error goes into another word, or into the same one only if it is long
            fresh = [w for w in words if w not in now or len(w) >= 8]
            if not fresh:
                break
            word = rng.choice(fresh)
            current = now.get(word, word)
            made = typo(current, rng)
            if made is None or made[0].casefold() in vocabulary:
                continue
            changed = re.sub(r"(?<!\w)%s(?!\w)" % re.escape(current), made[0], changed, count=1)
            now[word] = made[0]
            notes.append(made[1])
        if not notes or structure.fold(changed) in titles:
            continue
        if any(w.casefold() in vocabulary for w in structure.WORD.findall(changed)
               if w not in structure.WORD.findall(title)):
            continue
        out.append(dict(query=changed, relevant=[p], title=title, edit="; ".join(notes),
                        why="misspelt from the article's title %r" % title))
    return out


# The question kind's templates: the wh-words agents start with, and the common words a question
# carries beside the name ("known", "history", "located"). Chosen per query by a fixed seed.
QUESTION_TEMPLATES = [
    "What is {}?",
    "Who was {}?",
    "Where is {} located?",
    "When did {} happen?",
    "How does {} work?",
    "What is {} known for?",
    "Tell me about {}",
    "What can you tell me about the history of {}?",
    "Where can I read about {}?",
    "Why is {} important?",
]


def questions(pools, rng, cap):
    """Questions wrapped around texts that name an article: a third of cap from each basis's pool
    (alias, anchor, heading rows as those kinds make them), each with a template drawn by rng."""
    out = []
    share = -(-cap // len(pools))
    for basis in sorted(pools):
        rows = pools[basis]
        for row in rng.sample(rows, min(share, len(rows))):
            text = row["query"]
            template = rng.choice(QUESTION_TEMPLATES)
            q = dict(row, query=template.format(text), relevant=list(row["relevant"]), basis=basis,
                     text=text, why="%s; asked as %r" % (row["why"], template))
            out.append(q)
    return out[:cap] if len(out) <= cap else rng.sample(out, cap)


NAME_SECTION = re.compile(r"(?is)<h2[^>]*>\s*(?:NOM|NAME)\s*</h2>\s*<p[^>]*>(.*?)</p>")
NAME_DASH = re.compile(r"\s[-\u2010\u2013\u2014]\s")


def descriptions(name, lib, docs, rng, cap):
    titles = {structure.fold(t) for t in lib.articles_by_title()}
    by_text = defaultdict(list)
    for p in docs:
        m = NAME_SECTION.search(structure.raw_html(lib, p))
        if m is None:
            continue
        line = structure.visible(m[1])
        parts = NAME_DASH.split(line, maxsplit=1)
        if len(parts) != 2:
            continue
        text = " ".join(parts[1].split())
        if len(structure.WORD.findall(text)) < 2 or structure.fold(text) in titles:
            continue
        by_text[zimtext.normalise(text)].append((text, p))
    out = []
    for key in sorted(by_text):
        pages = sorted(by_text[key], key=lambda tp: tp[1])
        text = pages[0][0]
        out.append(dict(query=text, relevant=[p for _, p in pages],
                        why="NAME line of %s" % ", ".join(repr(lib.title(p)) for _, p in pages)))
    return rng.sample(out, min(cap, len(out)))


def absent_names(libs, vocabulary, rng, count):
    """Dictionary proper nouns no archive holds, in a fixed shuffled order, at most count."""
    import xapian
    from libzim.search import Query, Searcher
    from libzim.suggestion import SuggestionSearcher

    stem = xapian.Stem("english")
    stems = {stem(w) for w in vocabulary}
    with open(DICTIONARY, encoding="utf-8") as f:
        names = sorted({w.strip() for w in f if re.fullmatch(r"[A-Z][a-z]{4,11}", w.strip())})
    names = [n for n in names if n.casefold() not in vocabulary and stem(n.casefold()) not in stems]
    rng.shuffle(names)
    out = []
    for n in names:
        if len(out) >= count:
            break
        hit = False
        for lib in libs.values():
            if lib.has_fulltext_index():
                hit |= Searcher(lib.archive).search(Query().set_query(n)).getEstimatedMatches() > 0
            hit |= SuggestionSearcher(lib.archive).suggest(n).getEstimatedMatches() > 0
        if not hit:
            out.append(n)
    return out


def absent(name, lib, docs, rng, names):
    out = []
    pool = sorted({w for p in docs for w in structure.WORD.findall(lib.title(p))
                   if w.isalpha() and len(w) >= 4})
    for n in names:
        extra = rng.sample(pool, min(len(pool), 1 + (rng.random() < 0.5)))
        out.append(dict(query=" ".join([n] + extra), relevant=[], missing=n,
                        why="no archive of the corpus holds the word %r" % n))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True, help="corpus root holding the archives of eval/corpus.toml")
    parser.add_argument("--cap", type=int, default=100, help="queries per archive and kind (default %(default)s)")
    parser.add_argument("--absent", type=int, default=20, help="absent-name queries per archive (default %(default)s)")
    parser.add_argument("--corpus", default=str(zimtext.CORPUS_TOML),
                        help="the corpus.toml whose archives are read (default %(default)s)")
    parser.add_argument("--archives", help="comma-separated library names to make queries of (default: the "
                        "shared samples, %s); an archive not listed there counts as untuned" % ", ".join(ARCHIVES))
    parser.add_argument("--out", default=str(GENERATED_DIR), help="where the *.jsonl go (default %(default)s)")
    args = parser.parse_args()
    archives = ARCHIVES if not args.archives else {
        n: ARCHIVES.get(n, "untuned") for n in args.archives.split(",") if n}
    libs = zimtext.open_libraries(args.root, args.corpus)
    vocabulary = set()
    for lib in libs.values():
        vocabulary |= structure.vocabulary(lib)
        for i in range(lib.archive.entry_count):
            e = lib.archive._get_entry_by_id(i)
            if not e.is_redirect and e.get_item().mimetype.startswith("text/"):
                vocabulary |= structure.words_of(structure.raw_html(lib, e.path))
    # headings held by how many differently titled pages, over the whole corpus
    titles_holding = defaultdict(set)
    for lib in libs.values():
        for key, paths in structure.heading_index(lib, lib.articles()).items():
            titles_holding[key] |= {structure.fold(lib.title(p)) for p in paths}
    phrases = structure.PhraseIndex(libs.values())
    names = absent_names(libs, vocabulary, random.Random("corpus-mcp absent names"),
                         args.absent * len(archives)) if args.absent else []
    out = {k: [] for k in KINDS}
    for a, (name, tuned) in enumerate(archives.items()):
        lib = libs[name]
        docs = documents(lib)
        doc_set = set(docs)
        seed = "corpus-mcp structural %s " % name
        made = {"alias": aliases(name, lib, doc_set, random.Random(seed + "alias"), args.cap),
                "anchor": anchors(name, lib, doc_set, random.Random(seed + "anchor"), args.cap),
                "heading": headings(name, lib, docs, random.Random(seed + "heading"), args.cap,
                                    titles_holding, phrases),
                "misspelling": misspellings(name, lib, docs, random.Random(seed + "misspelling"),
                                            args.cap, vocabulary),
                "absent": absent(name, lib, docs, random.Random(seed + "absent"),
                                 names[a * args.absent:(a + 1) * args.absent]),
                "description": descriptions(name, lib, docs, random.Random(seed + "description"),
                                            args.cap)}
        # every text of the three pools, drawn again with the question's own seed (the other
        # kinds' samples, hence their ids, stay as they were)
        every = 10 ** 9
        pools = {"alias": aliases(name, lib, doc_set, random.Random(seed + "q-alias"), every),
                 "anchor": anchors(name, lib, doc_set, random.Random(seed + "q-anchor"), every),
                 "heading": headings(name, lib, docs, random.Random(seed + "q-heading"), every,
                                     titles_holding, phrases)}
        made["question"] = questions(pools, random.Random(seed + "question"), args.cap)
        for kind, rows in made.items():
            for row in rows:
                # every article bearing a judged article's title is as good an answer (the Ray
                # Charles archives give A/Ray_Charles and A/The_Pages_of_My_Mind both the title
                # "Ray Charles"); the one the query was made from stays first
                for p in list(row["relevant"]):
                    row["relevant"] += [o for o in sorted(lib.articles_titled(lib.title(p)))
                                        if o in doc_set and o not in row["relevant"]]
                qid = query_id(kind, name, row["query"], row["relevant"])
                half = split_of(row["basis"], row["text"]) if kind == "question" else \
                    split_of(kind, row.get("title", row["query"]))
                out[kind].append(dict(id=qid, query=row.pop("query"), kind=kind, library=name,
                                      relevant=row.pop("relevant"), split=half, tuned=tuned, **row))
        print("%-16s %s" % (name, "  ".join("%s %d" % (k, len(v)) for k, v in made.items())))
    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    for kind, rows in out.items():
        if not rows and not (out_dir / (kind + ".jsonl")).exists():
            continue  # a kind these archives have none of (description in a wiki)
        rows.sort(key=lambda r: (list(archives).index(r["library"]), r["id"]))
        with open(out_dir / (kind + ".jsonl"), "w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        print("%-12s %4d (tune %d, test %d)" % (kind, len(rows), sum(r["split"] == "tune" for r in rows),
                                                sum(r["split"] == "test" for r in rows)))


if __name__ == "__main__":
    main()
