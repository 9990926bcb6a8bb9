#!/usr/bin/python3
"""Writes the title-shaped judged queries (exact titles, misspellings, aliases) from the archives.

These three kinds are judged by the archive itself: an exact-title query is relevant to the
article bearing that title, a misspelt title to the article it was misspelt from, an alias to the
article its redirect entry points to (read with libzim). Articles are sampled with a fixed seed,
so a rerun writes the same files. Misspellings are the typing errors agents make: a doubled,
dropped or swapped letter, one or two of them, applied to the title's longest word(s).

    /usr/bin/python3 eval/make_title_queries.py --root CORPUS_ROOT

(the hand-written kinds, questions, keywords and body-only facts, are in eval/queries/ too and
are not touched.)
"""

import argparse
import json
import random
import re

import zimtext

# Pages that are lists of other pages or site chrome, not documents an agent asks for by name;
# library/2to3 is a DevDocs placeholder ("This documentation is missing"), nothing to find.
NOT_DOCUMENTS = re.compile(r"(^|/)(index|index\.html|about|users|tags|questions|contact|2to3)$"
                           r"|^users/|^questions/tagged/|Вікікнігі:|Першая_старонка|Чарнавік|Новыя_кнігі")
# How many of each kind per library: bigger archives get more.
PER_LIBRARY = {
    "Wikipedia-100": (16, 16, 20), "RayCharles-mini": (8, 9, 7), "RayCharles-maxi": (4, 5, 4),
    "RayCharles-2015": (4, 4, 3), "Wikibooks-be": (3, 3, 0), "Wikibooks-be-ft": (3, 3, 0),
    "ToneDear": (3, 2, 0), "Python-Docs": (2, 1, 0), "Security-SE": (2, 2, 0), "Handbook": (4, 3, 0),
}


def edit(word, how, rng):
    """word with one typing error of the given kind at a letter position away from the ends."""
    i = rng.randrange(1, len(word) - 2)
    if how == "doubled":
        return word[:i] + word[i] + word[i:]
    if how == "dropped":
        return word[:i] + word[i + 1:]
    # swapped: two neighbouring different letters change places
    for j in list(range(i, len(word) - 1)) + list(range(1, i)):
        if word[j] != word[j + 1]:
            return word[:j] + word[j + 1] + word[j] + word[j + 2:]
    return word[:i] + word[i + 1:]


def misspell(title, edits, rng):
    """(misspelt title, description) with `edits` errors in the longest letter-only words."""
    words = re.findall(r"\w+", title)
    long_words = sorted({w for w in words if w.isalpha() and len(w) >= 5}, key=lambda w: (-len(w), w))
    if not long_words:
        return None
    changed, notes = title, []
    for k in range(edits):
        word = long_words[k % len(long_words)] if len(long_words) > 1 else long_words[0]
        how = rng.choice(["doubled", "dropped", "swapped"])
        current = re.findall(r"\w+", changed)
        target = word if word in current else max(current, key=len)
        wrong = edit(target, how, rng)
        changed = re.sub(r"\b%s\b" % re.escape(target), wrong, changed, count=1)
        notes.append("%s '%s' -> '%s'" % (how, target, wrong))
    if zimtext.normalise(changed) == zimtext.normalise(title):
        return None
    return changed, "; ".join(notes)


def key(text):
    return re.sub(r"[\W_]+", "", zimtext.normalise(text))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True, help="corpus root holding the archives of eval/corpus.toml")
    args = parser.parse_args()
    libs = zimtext.open_libraries(args.root)
    out = {"titles": [], "misspellings": [], "aliases": []}
    for name, lib in libs.items():
        n_exact, n_miss, n_alias = PER_LIBRARY[name]
        rng = random.Random("corpus-mcp search-quality " + name)
        docs = sorted(p for p in lib.articles() if not NOT_DOCUMENTS.search(p))
        docs = [p for p in docs if lib.title(p).strip()]
        picked = rng.sample(docs, min(len(docs), n_exact + n_miss))
        for p in picked[:n_exact]:
            out["titles"].append(dict(query=lib.title(p), kind="exact_title", library=name,
                                      relevant=[p], why="the article's title is %r" % lib.title(p)))
        for k, p in enumerate(picked[n_exact:]):
            made = misspell(lib.title(p), 1 + (k % 3 == 2), rng)
            if made is None:
                continue
            out["misspellings"].append(dict(query=made[0], kind="misspelling", library=name,
                                            relevant=[p], edit=made[1],
                                            why="misspelt from the article's title %r" % lib.title(p)))
        if n_alias:
            aliases = []
            for i in range(lib.archive.entry_count):
                e = lib.archive._get_entry_by_id(i)
                if not e.is_redirect:
                    continue
                target = lib.resolve(e.path)
                if target is None or NOT_DOCUMENTS.search(target) or not e.title.strip():
                    continue
                if key(e.title) == key(lib.title(target)) or key(lib.title(target)) in key(e.title):
                    continue  # a case, punctuation or qualifier variant, not another name
                aliases.append((e.path, e.title, target))
            for via, title, target in rng.sample(sorted(aliases), min(n_alias, len(aliases))):
                out["aliases"].append(dict(query=title, kind="alias", library=name, relevant=[target],
                                           via=via, why="redirect %r -> %r" % (title, lib.title(target))))
    for kind, rows in out.items():
        with open(zimtext.EVAL_DIR / "queries" / (kind + ".jsonl"), "w", encoding="utf-8") as f:
            for n, row in enumerate(rows, 1):
                row = dict(id="%s-%03d" % (kind, n), **row)
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(kind, len(rows))


if __name__ == "__main__":
    main()
