#!/usr/bin/env python3
"""Copy check: how much of our text repeats the standard's own wording.

For every page of one version of our site, the share of its 8-word shingles (runs of eight
consecutive words, lower-cased, punctuation dropped) that also occur on the standard's page with
the same path, read from a git directory of github:finos/FDC3 (a bare mirror is fine). Prints the
pages over the per-page limit and the overall figure; exits 1 when a limit is exceeded.

    bench/copy-check.py <finos/FDC3 git dir> [--version next|2.2|...] [--rev HEAD]
                        [--page-limit 0.15] [--total-limit 0.05] [--prose]

--prose leaves out fenced code blocks on both sides (signatures are facts and repeat by nature).
"""
import argparse
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


def standard_page(git_dir, rev, path):
    out = subprocess.run(["git", "--git-dir", git_dir, "show", f"{rev}:{path}"], capture_output=True, text=True)
    return out.stdout if out.returncode == 0 else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("git_dir")
    ap.add_argument("--version", default="next")
    ap.add_argument("--rev", default="HEAD")
    ap.add_argument("--page-limit", type=float, default=0.15)
    ap.add_argument("--total-limit", type=float, default=0.05)
    ap.add_argument("--prose", action="store_true")
    a = ap.parse_args()
    if a.version == "next":
        ours, theirs = ROOT / "site/docs", "website/docs"
    else:
        ours, theirs = ROOT / f"site/versioned_docs/version-{a.version}", f"website/versioned_docs/version-{a.version}"
    if not ours.is_dir():
        sys.exit(f"no such version folder: {ours}")
    total = shared = 0
    over = []
    for page in sorted(ours.rglob("*.md")):
        rel = page.relative_to(ours).as_posix()
        std = standard_page(a.git_dir, a.rev, f"{theirs}/{rel}")
        mine = shingles(words(page.read_text(encoding="utf-8"), a.prose))
        if not mine:
            continue
        common = len(mine & shingles(words(std, a.prose))) if std else 0
        total += len(mine)
        shared += common
        share = common / len(mine)
        if share > a.page_limit:
            over.append((share, rel, common, len(mine)))
    overall = shared / total if total else 0.0
    for share, rel, common, n in sorted(over, reverse=True):
        print(f"{share:6.1%}  {rel}  ({common}/{n} shingles)")
    print(f"overall {overall:.2%} of {total} shingles; {len(over)} page(s) over {a.page_limit:.0%}")
    sys.exit(1 if over or overall > a.total_limit else 0)


if __name__ == "__main__":
    main()
