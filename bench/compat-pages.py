#!/usr/bin/env python3
"""Compares a site's React pages as docsite pre-renders them with Docusaurus's build.

For each route, both sides' HTML files are parsed (html.parser, the standard library's
HTML tokenizer) and three things of the page's own content are compared: the headings
(level and text), the sections (landmark elements and top-level section elements, each
with its first heading) and the set of link targets. The page's own content is the body
without the site's furniture: `nav`, `footer`, the skip link, scripts and styles, and
hidden elements. Link targets are normalised: the site's origin and base URL taken off,
`index.html`/`.html` and a trailing slash dropped, so `/docs/x/` and `https://site/docs/x`
compare equal.

Usage: bench/compat-pages.py DOCSITE_OUT DOCUSAURUS_BUILD [--base-url /] [--site-url URL] ROUTE...
Prints the differences of each page and a one-line verdict per page; exits 0 (a report,
not a gate).
"""

import argparse
import os
import re
import sys
from html.parser import HTMLParser
from urllib.parse import urlsplit, urlunsplit

HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
LANDMARKS = {"main", "section", "article", "aside", "header"}
FURNITURE = {"nav", "footer", "script", "style", "template", "noscript", "svg"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Text both sides put in a heading for its direct link, not part of its title.
ANCHOR_TEXT = {"#", "\u200b"}


class Page(HTMLParser):
    """Headings, sections and links of a page's content (see the module comment)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []  # (tag, skipped) of open elements
        self.skip = 0  # depth inside furniture or hidden elements
        self.headings = []  # [level, text]
        self.heading = None  # [level, [text parts], anchor depth]
        self.sections = []  # [tag, depth, first heading or None]
        self.open_sections = []  # indexes into self.sections of open top-level sections
        self.links = set()
        self.link = None  # [href, [text parts], depth] of the open link

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        skipped = (
            tag in FURNITURE
            or attrs.get("role") in {"navigation", "contentinfo", "banner"}
            or "hidden" in attrs
            or attrs.get("aria-hidden") == "true"
            or "skipToContent" in (attrs.get("class") or "")
            or "skip-link" in (attrs.get("class") or "")
        )
        if tag in VOID:
            if not self.skip and not skipped and tag == "img" and self.heading is not None and attrs.get("alt"):
                self.heading[1].append(attrs["alt"])
            return
        self.stack.append((tag, skipped))
        if skipped:
            self.skip += 1
        if self.skip:
            return
        if tag in HEADINGS and self.heading is None:
            self.heading = [int(tag[1]), [], len(self.stack)]
        if tag == "a":
            href = attrs.get("href")
            if href is not None and self.link is None:
                self.link = [href, [], len(self.stack)]
            # A heading's "#" direct link is not part of its text.
            if self.heading is not None and (attrs.get("class") or "").find("anchor") >= 0:
                self.stack[-1] = (tag, True)
                self.skip += 1
        if tag in LANDMARKS:
            nested = any(self.sections[i][0] in LANDMARKS for i in self.open_sections)
            if not nested or tag == "main":
                self.sections.append([tag, len(self.stack), None])
                self.open_sections.append(len(self.sections) - 1)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        # Close up to the matching open element (html.parser does not fix bad nesting).
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                break
        else:
            return
        while len(self.stack) > i:
            open_tag, skipped = self.stack.pop()
            if skipped:
                self.skip -= 1
            depth = len(self.stack) + 1
            if self.link is not None and self.link[2] == depth:
                # A skip link ("Skip to main content") is furniture on both sides.
                if not " ".join("".join(self.link[1]).split()).lower().startswith("skip to"):
                    self.links.add(self.link[0])
                self.link = None
            if self.heading is not None and self.heading[2] == depth:
                text = " ".join("".join(self.heading[1]).split())
                self.headings.append([self.heading[0], text])
                for i in self.open_sections:
                    if self.sections[i][2] is None:
                        self.sections[i][2] = f"h{self.heading[0]} {text}"
                self.heading = None
            while self.open_sections and self.sections[self.open_sections[-1]][1] == depth:
                self.open_sections.pop()

    def handle_data(self, data):
        if self.link is not None:
            self.link[1].append(data)
        if not self.skip and self.heading is not None and data.strip() not in ANCHOR_TEXT:
            self.heading[1].append(data)


def html_file(root, route):
    """The HTML file of `route` in a built folder (`x/index.html` or `x.html`), or None."""
    rel = route.strip("/")
    for candidate in ([os.path.join(rel, "index.html"), rel + ".html"] if rel else ["index.html"]):
        path = os.path.join(root, candidate)
        if os.path.isfile(path):
            return path
    return None


def normalise(href, base_url, site_url):
    """A link target as a comparable string (see the module comment)."""
    href = href.strip()
    if site_url and href.startswith(site_url):
        href = href[len(site_url.rstrip("/")):] or "/"
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return urlunsplit((parts.scheme, parts.netloc.lower(), parts.path.rstrip("/") or "/", parts.query, parts.fragment))
    path = parts.path
    if path.startswith("/") and base_url != "/" and path.startswith(base_url.rstrip("/")):
        path = "/" + path[len(base_url.rstrip("/")):].lstrip("/")
    path = re.sub(r"(?:/index)?\.html$", "", path)
    if len(path) > 1:
        path = path.rstrip("/")
    return urlunsplit(("", "", path, parts.query, parts.fragment))


def parse(path):
    page = Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    page.close()
    return page


def diff_lists(label, ours, theirs):
    """Lines for the items of two sequences that differ (in order), `-` Docusaurus, `+` docsite."""
    out = []
    if ours == theirs:
        return out
    import difflib

    for line in difflib.unified_diff([str(x) for x in theirs], [str(x) for x in ours], lineterm="", n=0):
        if line.startswith(("---", "+++", "@@")):
            continue
        out.append(f"    {label} {line}")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("docsite")
    ap.add_argument("docusaurus")
    ap.add_argument("routes", nargs="+")
    ap.add_argument("--base-url", default="/")
    ap.add_argument("--site-url", default="")
    args = ap.parse_args()
    same = 0
    for route in args.routes:
        ours_file, theirs_file = html_file(args.docsite, route), html_file(args.docusaurus, route)
        if not ours_file or not theirs_file:
            missing = [side for side, f in (("docsite", ours_file), ("Docusaurus", theirs_file)) if not f]
            print(f"{route}: DIFFERENT: no page in {' and '.join(missing)}")
            continue
        ours, theirs = parse(ours_file), parse(theirs_file)
        lines = []
        lines += diff_lists("heading", [f"h{l} {t}" for l, t in ours.headings], [f"h{l} {t}" for l, t in theirs.headings])
        lines += diff_lists("section", [f"{tag} ({h or 'no heading'})" for tag, _, h in ours.sections], [f"{tag} ({h or 'no heading'})" for tag, _, h in theirs.sections])
        ours_links = {normalise(h, args.base_url, args.site_url) for h in ours.links}
        theirs_links = {normalise(h, args.base_url, args.site_url) for h in theirs.links}
        lines += [f"    link - {h}" for h in sorted(theirs_links - ours_links)]
        lines += [f"    link + {h}" for h in sorted(ours_links - theirs_links)]
        counts = f"{len(ours.headings)} headings, {len(ours.sections)} sections, {len(ours_links)} links"
        if lines:
            print(f"{route}: DIFFERENT ({len(lines)} differences; docsite {counts}; '-' Docusaurus only, '+' docsite only)")
            print("\n".join(lines))
        else:
            same += 1
            print(f"{route}: same ({counts})")
    print(f"React pages with the same headings, sections and links as Docusaurus: {same} of {len(args.routes)}")


if __name__ == "__main__":
    sys.exit(main())
