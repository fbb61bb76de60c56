#!/usr/bin/env python3
"""Copy check: how much of our text repeats the standard's own wording.

For every page of one version of our site, the share of its 8-word shingles (runs of eight
consecutive words, lower-cased, punctuation dropped) that also occur on the standard's page with
the same path, read from a git directory of github:finos/FDC3 (a bare mirror is fine). Prints the
pages over the per-page limit and the overall figure; exits 1 when a limit is exceeded.

    bench/copy-check.py <finos/FDC3 git dir> [--version next|2.2|... | --all-versions] [--rev HEAD]
                        [--page-limit 0.15] [--total-limit 0.05] [--prose]
                        [--paraphrases [N]] [--paraphrase-limit 0.02] [--show PAGE]
                        [--min-sentences 50]

--prose leaves out fenced code blocks on both sides (signatures are facts and repeat by nature).

--paraphrases also looks for close paraphrases, which shingles miss: sentences of ours (prose
only, at least MIN_SENTENCE words) that say what one sentence of the standard's page says with
mostly the same words, reordered or lightly changed (see `close`). It prints the N pages
(default 10) with the highest share of such sentences and exits 1 when the share of a page of
at least --min-sentences sentences (default 50) exceeds --paraphrase-limit. --show PAGE (a path under the version folder) prints each close sentence of
that page beside the standard's.

--all-versions checks next and every release of site/versions.json in one run: one line per page
with close paraphrases (at most N per version; "OVER" marks a page over the limit) or over the
shingle limit, prefixed with its version, then one summary line per version; exits 1 when any
version fails. With --show PAGE it prints that page's pairs in every version that has it.
"""
import argparse
import difflib
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
N = 8
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,}).*?^\1\2\s*$", re.S | re.M)
WORD = re.compile(r"[a-z0-9]+")


def words(text, prose):
    if text.startswith("---"):
        end = text.find("\n---", 3)
        if end != -1:
            text = text[end + 4:]
    if prose:
        text = FENCE.sub(" ", text)
    return WORD.findall(text.lower())


def shingles(ws):
    return {" ".join(ws[i:i + N]) for i in range(len(ws) - N + 1)}


MIN_SENTENCE = 8
STOP = set("""a an the of to in on for and or but is are be been being was were it its this that these
those with as by at from into than then so such can could may might must shall should will would
not no any all each every which who whom whose what when where how if only also other more most
there their them they he she we you your our us i do does did has have had""".split())
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\[*_(])")
URL = re.compile(r"\bhttps?://\S+")
HEADING = re.compile(r"^\s*#{1,6}\s.*$", re.M)
MARKUP = re.compile(r"\]\([^)]*\)|<[^>]+>|^\s*(?:[-*+]|\d+\.|#+|>|\|)\s*|[`*_|]", re.M)


def sentences(text):
    """The prose sentences of a Markdown page: no front matter, code, imports or tables' rules."""
    if text.startswith("---"):
        end = text.find("\n---", 3)
        if end != -1:
            text = text[end + 4:]
    text = FENCE.sub("\n\n", text)
    out = []
    # Headings and links' addresses are names and facts (the same headings are expected).
    text = HEADING.sub("\n", URL.sub(" ", text))
    for block in re.split(r"\n\s*\n|\n(?=\s*(?:[-*+]|\d+\.)\s)|\n(?=\|)", text):
        if re.match(r"\s*(import |\|\s*-{3})", block):
            continue
        flat = " ".join(MARKUP.sub(" ", block).split())
        for sentence in SENTENCE_END.split(flat):
            ws = WORD.findall(sentence.lower())
            if len(ws) >= MIN_SENTENCE:
                out.append((sentence, ws))
    return out


def content(ws):
    return {w for w in ws if w not in STOP and not w.isdigit()}


def close(mine, theirs):
    """Whether two sentences (word lists) say the same thing in mostly the same words: most of
    the content words of each are in the other (Dice >= 0.65), and in a similar order
    (difflib's ratio on the word sequences >= 0.6)."""
    a, b = content(mine), content(theirs)
    if len(a) < 4 or len(b) < 4:
        return False
    if 2 * len(a & b) / (len(a) + len(b)) < 0.65:
        return False
    return difflib.SequenceMatcher(None, mine, theirs, autojunk=False).ratio() >= 0.6


def paraphrases(ours_text, std_text):
    """Our sentences that closely paraphrase one of the standard's: [(ours, theirs)], and our
    sentence count."""
    mine = sentences(ours_text)
    theirs = sentences(std_text) if std_text else []
    index = {}
    for i, (_, ws) in enumerate(theirs):
        for w in content(ws):
            index.setdefault(w, set()).add(i)
    found = []
    for sentence, ws in mine:
        counts = {}
        for w in content(ws):
            for i in index.get(w, ()):
                counts[i] = counts.get(i, 0) + 1
        for i, _ in sorted(counts.items(), key=lambda kv: -kv[1])[:5]:
            if close(ws, theirs[i][1]):
                found.append((sentence, theirs[i][0]))
                break
    return found, len(mine)


def standard_page(git_dir, rev, path):
    out = subprocess.run(["git", "--git-dir", git_dir, "show", f"{rev}:{path}"], capture_output=True, text=True)
    return out.stdout if out.returncode == 0 else None


def version_dirs(version):
    """Our folder and the standard's folder (in its repository) for one version."""
    if version == "next":
        return ROOT / "site/docs", "website/docs"
    return ROOT / f"site/versioned_docs/version-{version}", f"website/versioned_docs/version-{version}"


def all_versions():
    """next, then every release of site/versions.json (newest first)."""
    import json
    return ["next"] + json.loads((ROOT / "site/versions.json").read_text(encoding="utf-8"))


def check(a, version):
    """One version's figures: (pages over the shingle limit, overall shingle share, shingle count,
    close-paraphrase pages [(share, rel, n, count)], shown pairs {rel: [(ours, theirs)]})."""
    ours, theirs = version_dirs(version)
    if not ours.is_dir():
        sys.exit(f"no such version folder: {ours}")
    total = shared = 0
    over = []
    close_pages = []
    shown = {}
    for page in sorted(ours.rglob("*.md")):
        rel = page.relative_to(ours).as_posix()
        std = standard_page(a.git_dir, a.rev, f"{theirs}/{rel}")
        text = page.read_text(encoding="utf-8")
        if a.paraphrases is not None or a.show == rel:
            found, count = paraphrases(text, std)
            if count:
                close_pages.append((len(found) / count, rel, len(found), count))
            if a.show == rel:
                shown[rel] = found
        mine = shingles(words(text, a.prose))
        if not mine:
            continue
        common = len(mine & shingles(words(std, a.prose))) if std else 0
        total += len(mine)
        shared += common
        share = common / len(mine)
        if share > a.page_limit:
            over.append((share, rel, common, len(mine)))
    overall = shared / total if total else 0.0
    close_pages.sort(reverse=True)
    return over, overall, total, close_pages, shown


def too_close(a, close_pages):
    # On a short page one sentence is several per cent: the limit is for pages of some length.
    return [p for p in close_pages if p[0] > a.paraphrase_limit and p[3] >= a.min_sentences]


def print_shown(shown):
    for found in shown.values():
        for mine_s, theirs_s in found:
            print(f"ours:     {mine_s}\nstandard: {theirs_s}\n")


def report_one(a, version):
    over, overall, total, close_pages, shown = check(a, version)
    print_shown(shown)
    for share, rel, common, n in sorted(over, reverse=True):
        print(f"{share:6.1%}  {rel}  ({common}/{n} shingles)")
    print(f"overall {overall:.2%} of {total} shingles; {len(over)} page(s) over {a.page_limit:.0%}")
    failing = []
    if a.paraphrases is not None:
        print(f"close paraphrases (pages with the highest share of sentences, limit {a.paraphrase_limit:.0%}):")
        for share, rel, n, count in close_pages[: a.paraphrases]:
            print(f"{share:6.1%}  {rel}  ({n}/{count} sentences)")
        failing = too_close(a, close_pages)
        n = sum(p[2] for p in close_pages)
        count = sum(p[3] for p in close_pages)
        print(f"overall {n / count if count else 0:.2%} of {count} sentences; {len(failing)} page(s) of {a.min_sentences}+ sentences over {a.paraphrase_limit:.0%}")
        for share, rel, n, count in failing:
            print(f"  over: {share:6.1%}  {rel}  ({n}/{count})")
    return bool(over or overall > a.total_limit or failing)


def report_all(a):
    """Every version: one line per page that has a close paraphrase (or is over the shingle
    limit), then one summary line per version. With --show PAGE, that page's pairs in every
    version that has it."""
    failed = False
    summary = []
    for version in all_versions():
        over, overall, total, close_pages, shown = check(a, version)
        for found in shown.values():
            if found:
                print(f"--- {version}/{a.show}")
                print_shown(shown)
        for share, rel, common, n in sorted(over, reverse=True):
            print(f"{version:>5}  shingles {share:6.1%}  {rel}  ({common}/{n})")
        failing = too_close(a, close_pages) if a.paraphrases is not None else []
        flagged = [p for p in close_pages if p[2]]
        for share, rel, n, count in flagged[: a.paraphrases] if a.paraphrases is not None else []:
            mark = "  OVER" if (share, rel, n, count) in failing else ""
            print(f"{version:>5}  {share:6.1%}  {rel}  ({n}/{count} sentences){mark}")
        n = sum(p[2] for p in close_pages)
        count = sum(p[3] for p in close_pages)
        bad = bool(over or overall > a.total_limit or failing)
        failed |= bad
        line = f"{version:>5}: shingles {overall:.2%} of {total}, {len(over)} page(s) over {a.page_limit:.0%}"
        if a.paraphrases is not None:
            line += (f"; close sentences {n}/{count} ({n / count if count else 0:.2%}) on {len(flagged)} page(s),"
                     f" {len(failing)} page(s) of {a.min_sentences}+ sentences over {a.paraphrase_limit:.0%}")
        summary.append(line + ("  FAIL" if bad else ""))
    print("\n".join(summary))
    return failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("git_dir")
    ap.add_argument("--version", default="next")
    ap.add_argument("--all-versions", action="store_true",
                    help="check next and every release; one line per flagged page, one summary line per version")
    ap.add_argument("--rev", default="HEAD")
    ap.add_argument("--page-limit", type=float, default=0.15)
    ap.add_argument("--total-limit", type=float, default=0.05)
    ap.add_argument("--prose", action="store_true")
    ap.add_argument("--paraphrases", nargs="?", type=int, const=10, default=None)
    ap.add_argument("--paraphrase-limit", type=float, default=0.02)
    ap.add_argument("--show", default=None)
    ap.add_argument("--min-sentences", type=int, default=50)
    a = ap.parse_args()
    failed = report_all(a) if a.all_versions else report_one(a, a.version)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
