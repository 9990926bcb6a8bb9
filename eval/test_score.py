#!/usr/bin/python3
"""Checks of the scorer itself on hand-made runs, so a wrong metric cannot pass unnoticed.

The expected numbers are worked out by hand in each test's comment. Runs on the Stack Exchange
fixture archive of the repository and, for the cross-snapshot case, on two Ray Charles samples
from the shared directory (SHARED_DIR, default ../shared beside the repository).

    /usr/bin/python3 eval/test_score.py
"""

import os
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import score  # noqa: E402
import zimtext  # noqa: E402

SE = score.PROJECT / ("plugins/zim-stackexchange/src/test/resources/fixtures/"
                      "security.stackexchange.com_en_all_fixture.zim")
SHARED = Path(os.environ.get("SHARED_DIR", score.PROJECT.parent / "shared"))
SALT = "questions/1001/what-is-a-salt-in-password-hashing"
DOCKER = "questions/1002/how-do-i-keep-api-keys-out-of-a-docker-image"
MD5 = "questions/1003/is-md5-still-fine-for-file-checksums"


def query(qid, relevant, kind="keyword", why="", library="Security-SE"):
    return {"id": qid, "query": qid, "kind": kind, "library": library, "relevant": [relevant],
            "why": why, "_source": qid}


class ScorerOnHandMadeRuns(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.libs = {"Security-SE": zimtext.Library("Security-SE", SE)}
        cls.queries = [query("q1", SALT), query("q2", MD5), query("q3", DOCKER)]
        # q1: relevant first of three; q2: second, named through its redirect questions/1003;
        # q3: absent
        cls.recorded = {"limit": 10, "corpus_mcp": {"single": {
            "q1": {"refs": ["corpus://Security-SE/" + SALT, "corpus://Security-SE/" + DOCKER,
                            "corpus://Security-SE/" + MD5], "error": None},
            "q2": {"refs": ["corpus://Security-SE/" + SALT, "corpus://Security-SE/questions/1003"], "error": None},
            "q3": {"refs": [], "error": None}}}}

    def test_metrics_of_a_hand_made_run(self):
        overall = score.score(self.queries, self.libs, self.recorded)["summary"]["single"]["overall"]
        # ranks 1, 2, none: s@1 = 1/3, s@5 = 2/3, MRR = (1 + 1/2 + 0) / 3 = 0.5
        self.assertEqual({"n": 3, "s@1": 0.333, "s@5": 0.667, "mrr": 0.5}, overall)

    def test_reversed_lists_score_lower_and_fall_below_a_floor_the_run_meets(self):
        floor = {"single": {"overall": {"mrr": 0.45}}}
        self.assertEqual([], score.below_floor(score.score(self.queries, self.libs, self.recorded), floor))
        reversed_report = score.score(self.queries, self.libs, self.recorded, sabotage="reverse")
        # reversed: q1 third, q2 first, q3 none: MRR = (1/3 + 1) / 3 = 0.444
        self.assertEqual(0.444, reversed_report["summary"]["single"]["overall"]["mrr"])
        self.assertEqual(["single overall mrr = 0.444, floor 0.45"], score.below_floor(reversed_report, floor))

    def test_fifth_place_counts_in_s_at_5_and_sixth_does_not(self):
        filler = ["corpus://Security-SE/" + p for p in
                  ("tags", "about", "users", "questions", "questions/tagged/password-hashing")]
        recorded = {"corpus_mcp": {"single": {
            "q1": {"refs": filler[:4] + ["corpus://Security-SE/" + SALT], "error": None},
            "q2": {"refs": filler + ["corpus://Security-SE/" + MD5], "error": None}}}}
        overall = score.score(self.queries[:2], self.libs, recorded)["summary"]["single"]["overall"]
        # ranks 5 and 6: s@1 = 0, s@5 = 1/2, MRR = (1/5 + 1/6) / 2 = 0.183
        self.assertEqual({"n": 2, "s@1": 0.0, "s@5": 0.5, "mrr": 0.183}, overall)

    def test_unknown_library_and_foreign_refs_are_not_relevant(self):
        self.assertIsNone(score.ref_to_doc("corpus://Nowhere/" + SALT, self.libs))
        self.assertIsNone(score.ref_to_doc("https://example.org/" + SALT, self.libs))
        self.assertEqual(("Security-SE", SALT), score.ref_to_doc("corpus://Security-SE/questions/1001", self.libs))

    def test_a_judgment_the_archive_does_not_bear_out_is_reported(self):
        wrong = query("w", SALT, kind="body_only", why="this sentence is in no thread")
        self.assertEqual(1, len(score.check_judgments([wrong], self.libs)))
        right = query("r", SALT, kind="body_only", why="precomputed rainbow tables become useless")
        self.assertEqual([], score.check_judgments([right], self.libs))

    def test_missing_setting_is_below_any_floor(self):
        report = score.score(self.queries, self.libs, self.recorded)
        self.assertEqual(["setting mixed was not run"], score.below_floor(report, {"mixed": {"overall": {"s@1": 0}}}))


@unittest.skipUnless((SHARED / "corpus-samples").is_dir(), "needs the shared corpus samples")
class SameArticleInAnotherSnapshot(unittest.TestCase):

    def test_counts_in_the_mixed_setting_only_when_it_holds_the_evidence(self):
        base = SHARED / "corpus-samples/mediawiki"
        libs = {"mini": zimtext.Library("mini", base / "wikipedia_en_ray_charles_mini_2020-03.zim"),
                "old": zimtext.Library("old", base / "wikipedia_en_ray_charles_2015-06.zim")}
        # both snapshots' Georgia on My Mind name Hoagy Carmichael; only the 2020 one has this wording
        holds = query("a", "A/Georgia_on_My_Mind", kind="question", why="Hoagy Carmichael", library="mini")
        lacks = query("b", "A/Georgia_on_My_Mind", kind="question",
                      why="written by Hoagy Carmichael and Stuart Gorrell and first recorded that year",
                      library="mini")
        self.assertIn(("old", "A/Georgia_on_My_Mind.html"), score.relevant_set(holds, libs, "mixed"))
        self.assertNotIn(("old", "A/Georgia_on_My_Mind.html"), score.relevant_set(lacks, libs, "mixed"))
        self.assertEqual({("mini", "A/Georgia_on_My_Mind")}, score.relevant_set(holds, libs, "single"))
        # renamed between snapshots: 2019's "Ray Charles Anthology" is 2020's "Anthology (Ray
        # Charles album)", reached through the redirect left at the old path
        maxi = zimtext.Library("maxi", base / "wikipedia_en_ray_charles_maxi_2019-08.zim")
        renamed = query("c", "A/Ray_Charles_Anthology", kind="exact_title", library="maxi")
        self.assertIn(("mini", "A/Anthology_(Ray_Charles_album)"),
                      score.relevant_set(renamed, {"maxi": maxi, "mini": libs["mini"]}, "mixed"))
        # refs leave out the old scheme's A/ namespace
        self.assertEqual(("old", "A/Georgia_on_My_Mind.html"),
                         score.ref_to_doc("corpus://old/Georgia_on_My_Mind.html", libs))


@unittest.skipUnless((SHARED / "corpus-samples").is_dir(), "needs the shared corpus samples")
class StructuralJudgments(unittest.TestCase):
    """The checks of eval/generated/'s kinds catch a judgment the archive does not bear out."""

    @classmethod
    def setUpClass(cls):
        base = SHARED / "corpus-samples/mediawiki"
        cls.libs = {"maxi": zimtext.Library("maxi", base / "wikipedia_en_ray_charles_maxi_2019-08.zim")}

    def generated(self, kind, query, relevant, **extra):
        return dict(id=kind, query=query, kind=kind, library="maxi", relevant=relevant, split="test",
                    _source=kind, why="", **extra)

    def test_anchor_heading_misspelling_and_alias(self):
        # Milt Turner's article links "Hank Crawford" to Hank_Crawford: the anchor is the title, so
        # it is no anchor query; "What'd I Say" links to the album, whose title adds "(album)"
        good = [self.generated("anchor", "What'd I Say", ["A/What'd_I_Say_(album)"], source="A/Milt_Turner"),
                self.generated("heading", "Loss of material", ["A/Ray_Charles"]),
                self.generated("misspelling", "Milt Turnr", ["A/Milt_Turner"], title="Milt Turner")]
        self.assertEqual([], score.check_judgments(good, self.libs))
        bad = [self.generated("anchor", "Hank Crawford", ["A/Hank_Crawford"], source="A/Milt_Turner"),
               self.generated("anchor", "What'd I Say", ["A/Ray_Charles"], source="A/Milt_Turner"),
               self.generated("heading", "Loss of material", ["A/Milt_Turner"]),
               self.generated("misspelling", "milt turner", ["A/Milt_Turner"], title="Milt Turner"),
               self.generated("heading", "Loss of material", [])]
        self.assertEqual(len(bad), len(score.check_judgments(bad, self.libs)))

    def test_question_judged_by_its_basis(self):
        # a question wrapped around a heading is judged as the heading is (every page under it,
        # in the mixed setting any library's), around a link text as that link
        heading = self.generated("question", "Why is Loss of material important?", ["A/Ray_Charles"],
                                 basis="heading", text="Loss of material")
        link = self.generated("question", "What is What'd I Say known for?", ["A/What'd_I_Say_(album)"],
                              basis="anchor", text="What'd I Say", source="A/Milt_Turner")
        self.assertEqual([], score.check_judgments([heading, link], self.libs))
        self.assertIn(("maxi", "A/Ray_Charles"), score.relevant_set(heading, self.libs, "mixed"))
        bad = [dict(heading, relevant=["A/Milt_Turner"]),  # no such heading there
               dict(link, source="A/Ray_Charles"),  # no such link there
               dict(heading, text="Side B"),  # not the text the question wraps
               dict(heading, basis="keyword")]  # no rule of the generated kinds
        self.assertEqual(len(bad), len(score.check_judgments(bad, self.libs)))

    def test_absent_word_outcomes(self):
        q = self.generated("absent", "Marrakesh Ray Charles", [], missing="Marrakesh")
        self.assertEqual([], score.check_judgments([q], self.libs))
        present = self.generated("absent", "Georgia Ray", [], missing="Georgia")
        self.assertEqual(1, len(score.check_judgments([present], self.libs)))
        rewritten = {"refs": ["corpus://maxi/Ray_Charles"], "error": None, "corrected": {
            "query": "Marrakech Ray Charles", "original": q["query"], "words": {"marrakesh": "marrakech"},
            "notice": "Searched 'Marrakech' for 'Marrakesh': no library contains 'Marrakesh'."}}
        told = {"refs": [], "error": None, "notice": "No library contains 'Marrakesh'."}
        silent = {"refs": [], "error": None, "notice": "No document matches this query."}
        self.assertEqual({"corrected": True, "named": True, "results": 1}, score.missing_word_outcome(q, rewritten))
        self.assertEqual({"corrected": False, "named": True, "results": 0}, score.missing_word_outcome(q, told))
        self.assertEqual({"corrected": False, "named": False, "results": 0}, score.missing_word_outcome(q, silent))
        summary = score.summarise_absent([score.missing_word_outcome(q, a) for a in (rewritten, told, silent)])
        # 1 of 3 rewritten, 2 of 3 named, 1 of 3 named without a rewrite, 1 of 3 with results
        self.assertEqual({"n": 3, "corrected": 0.333, "named": 0.667, "named_not_corrected": 0.333,
                          "with_results": 0.333}, summary)


if __name__ == "__main__":
    unittest.main()
