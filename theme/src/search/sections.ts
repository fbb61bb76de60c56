//! Turns one pagefind record (its fragment: text, heading anchors, matched word positions)
//! into the sections a reader wants: each heading section that matched, ranked, with an
//! excerpt written from the section's prose, and the record's rank tier. A record is a whole
//! page or, for a long page, a run of its heading sections (the engine's `search.rs`): the
//! first record of a page has the page's URL and starts with its title, the others have
//! `page#anchor` and start at that heading.
//!
//! Pagefind ranks records, and its sub-results are every matching heading in page order with
//! excerpts cut at a fixed word window (heading text first, table headers and code
//! included). A reader of a standard searches for names and concepts, so a section that
//! *defines* the query (its heading, a page title, a name in the first column of its
//! table, see `keys` in the engine's `search.rs`) comes first, and an excerpt is the
//! sentence around the first match, after the heading.

export type PagefindAnchor = { element: string; id: string; text?: string; location: number };
export type WeightedLocation = { weight: number; balanced_score: number; location: number };

/** The parts of a pagefind fragment (what `result.data()` returns) that we read. */
export type PagefindFragment = {
  url: string;
  raw_content?: string;
  content?: string;
  meta: Record<string, string | undefined>;
  anchors?: PagefindAnchor[];
  weighted_locations?: WeightedLocation[];
  locations?: number[];
  filters?: Record<string, string[] | undefined>;
};

/**
 * How strongly a section answers the query, best first: the page's title, a name the page
 * exists for, a heading, a name in a table's first column, anything else.
 */
export enum Tier {
  Title = 0,
  PageKey = 1,
  Heading = 2,
  TableKey = 3,
  Text = 4,
}

export type RankedSection = {
  /** Heading id, or '' for the page top. */
  anchor: string;
  tier: Tier;
  score: number;
  /** Links of the site's pages to this section (`links` meta). */
  inbound: number;
  /** Excerpt HTML: escaped text and `<mark>` around matched words. */
  excerpt: string;
};

const WORD_SEPARATORS = /[^\S\uFEFF]+/;

/** Lowercase letters and digits only: `fdc3.instrument` and `FDC3 Instrument` compare equal. */
export function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Words, lowercase, with a plural `s` dropped: `Private Channels` ~ `private channel`. */
export function conceptWords(text: string): string {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
    .join(' ');
}

/** A query of several lowercase words (`intent resolution`) asks for a concept, not a name. */
export function isConceptQuery(query: string): boolean {
  const words = query.trim().split(/\s+/);
  return words.length > 1 && words.every((w) => w === w.toLowerCase());
}

/** Whether `name` (a heading, title or key) is the query itself. */
export function namesQuery(name: string, query: string): boolean {
  // `broadcast()`, `API Overview (2.2)`: call parentheses and a version suffix are not the name.
  const bare = name.replace(/\(\)$/, '').replace(/\s*\(\d+(\.\d+)*\)$/, '');
  const c = compact(bare);
  if (c.length === 0) return false;
  if (isConceptQuery(query)) return conceptWords(bare) === conceptWords(query);
  return c === compact(query) || conceptWords(bare) === conceptWords(query);
}

/** `anchor=name¦name|…` of the `keys` meta field -> anchor -> names. */
export function parseKeys(meta: string | undefined): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const entry of (meta ?? '').split('|')) {
    const eq = entry.indexOf('=');
    if (eq >= 0) keys.set(entry.slice(0, eq), entry.slice(eq + 1).split('¦').filter(Boolean));
  }
  return keys;
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const unescapeWord = (w: string) => w.replace(/&(lt|gt|amp);/g, (e) => ENTITIES[e] ?? e);
const escape = (w: string) => w.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/**
 * Marks the matched part of a word: the run of letters and digits that starts with a query
 * term (`fdc3.<mark>raiseIntent</mark>(`), or the word without its punctuation.
 */
export function markWord(word: string, terms: string[]): string {
  // A dotted name typed whole (`fdc3.instrument`) is marked whole.
  for (const term of terms) {
    if (!/[^\p{L}\p{N}_$]/u.test(term)) continue;
    const at = word.toLowerCase().indexOf(term.toLowerCase());
    if (at >= 0) return escape(word.slice(0, at)) + '<mark>' + escape(word.slice(at, at + term.length)) + '</mark>' + escape(word.slice(at + term.length));
  }
  const runs = [...word.matchAll(/[\p{L}\p{N}_$]+/gu)];
  if (runs.length === 0) return escape(word);
  const lowerTerms = terms.map((t) => t.toLowerCase()).filter(Boolean);
  let chosen = runs.filter((r) => lowerTerms.some((t) => r[0].toLowerCase().startsWith(t) || t.startsWith(r[0].toLowerCase())));
  if (chosen.length === 0) {
    // A dotted or hyphenated query (`fdc3.instrument`) matches the whole token without its
    // surrounding punctuation.
    const first = runs[0]!;
    const last = runs[runs.length - 1]!;
    chosen = [{ ...first, 0: word.slice(first.index, last.index + last[0].length) } as RegExpExecArray];
  }
  let out = '';
  let at = 0;
  for (const r of chosen) {
    const start = r.index;
    out += escape(word.slice(at, start)) + '<mark>' + escape(r[0]) + '</mark>';
    at = start + r[0].length;
  }
  return out + escape(word.slice(at));
}

const SENTENCE_END = /[.!?:;]["')\]]?$/;
const EXCERPT_WORDS = 30;

type Range = { start: number; end: number };

/**
 * The sentence around the first matched word of `[body.start, body.end)` (the section after
 * its heading), at most EXCERPT_WORDS words; the section's first sentence when only its
 * heading matched. The index holds no code blocks and no table header rows (search.rs).
 */
export function buildExcerpt(words: string[], body: Range, matched: Set<number>, terms: string[]): string {
  const prose = (i: number) => i >= body.start && i < body.end && (words[i] ?? '').length > 0;
  let center = -1;
  for (let i = body.start; i < body.end; i++) {
    if (matched.has(i) && prose(i)) {
      center = i;
      break;
    }
  }
  if (center < 0) {
    for (let i = body.start; i < body.end; i++) {
      if (prose(i)) {
        center = i;
        break;
      }
    }
  }
  if (center < 0) return '';
  // Back to the start of the sentence (or of the prose run), at most half the window.
  let start = center;
  while (start > body.start && prose(start - 1) && center - start < EXCERPT_WORDS / 2 && !SENTENCE_END.test(words[start - 1] ?? '')) start--;
  let end = center + 1;
  while (end < body.end && prose(end) && end - start < EXCERPT_WORDS && !SENTENCE_END.test(words[end - 1] ?? '')) end++;
  const pre = start > body.start && !SENTENCE_END.test(words[start - 1] ?? '') && prose(start - 1) ? '… ' : '';
  const post = end < body.end && prose(end) && !SENTENCE_END.test(words[end - 1] ?? '') ? ' …' : '';
  const parts: string[] = [];
  for (let i = start; i < end; i++) {
    const w = unescapeWord(words[i] ?? '');
    parts.push(matched.has(i) ? markWord(w, terms) : escape(w));
  }
  return pre + parts.join(' ') + post;
}

/** Query terms as the reader typed them (for marking parts of compound words), and a dotted name whole. */
export function queryTerms(query: string): string[] {
  const parts = query.split(/[^\p{L}\p{N}_$]+/u).filter(Boolean);
  const whole = query.trim();
  return !/\s/.test(whole) && parts.length > 1 ? [whole.replace(/^\W+|\W+$/gu, ''), ...parts] : parts;
}

/** The page a record belongs to: its URL without the anchor of the record's first heading. */
export function recordPage(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** Every matched section of a record, best first, and the record's tier. */
export function rankSections(fragment: PagefindFragment, query: string): { tier: Tier; inbound: number; sections: RankedSection[] } {
  const text = fragment.raw_content ?? fragment.content ?? '';
  const words = text.split(WORD_SEPARATORS);
  const title = fragment.meta.title ?? '';
  const keys = parseKeys(fragment.meta.keys);
  const links = new Map([...parseKeys(fragment.meta.links)].map(([anchor, [count]]) => [anchor, Number(count) || 0]));
  const terms = queryTerms(query);
  const anchors = (fragment.anchors ?? [])
    .filter((a) => /^h[2-6]$/i.test(a.element) && a.id)
    .sort((a, b) => a.location - b.location);
  const titleWords = title.split(WORD_SEPARATORS).filter(Boolean).length;
  // Only a page's first record holds its top (the title and the opening text).
  const top = recordPage(fragment.url) === fragment.url;
  const spans = [
    ...(top ? [{ anchor: '', heading: title, start: 0, bodyStart: Math.min(titleWords, words.length) }] : []),
    ...anchors.map((a) => ({
      anchor: a.id,
      heading: a.text ?? '',
      start: a.location,
      bodyStart: a.location + (a.text ?? '').split(WORD_SEPARATORS).filter(Boolean).length,
    })),
  ];
  const located = fragment.weighted_locations ?? (fragment.locations ?? []).map((location) => ({ weight: 1, balanced_score: 1, location }));
  const matched = new Set(located.map((l) => l.location));
  const pageKeys = keys.get('') ?? [];
  const sections: RankedSection[] = [];
  spans.forEach((span, i) => {
    const end = spans[i + 1]?.start ?? words.length;
    const inside = located.filter((l) => l.location >= span.start && l.location < end);
    let tier = Tier.Text;
    const isTop = span.anchor === '';
    // "App Directory Overview" is the page about the app directory.
    if (isTop && (namesQuery(title, query) || namesQuery(title.replace(/\s+Overview(\s*\(\d+(\.\d+)*\))?$/, ''), query))) tier = Tier.Title;
    else if (isTop && pageKeys.some((k) => namesQuery(k, query))) tier = Tier.PageKey;
    // A member is also asked for with its owner: `DesktopAgent.raiseIntent`.
    else if (!isTop && (namesQuery(span.heading, query) || namesQuery(`${title}.${span.heading}`, query))) tier = Tier.Heading;
    else if (!isTop && (keys.get(span.anchor) ?? []).some((k) => namesQuery(k, query))) tier = Tier.TableKey;
    if (inside.length === 0 && tier === Tier.Text) return;
    const score = inside.reduce((sum, l) => sum + l.balanced_score, 0);
    const excerpt = buildExcerpt(words, { start: span.bodyStart, end }, matched, terms);
    sections.push({ anchor: span.anchor, tier, score, inbound: links.get(span.anchor) ?? 0, excerpt });
  });
  sections.sort((a, b) => a.tier - b.tier || b.score - a.score);
  const best = sections[0];
  return { tier: best?.tier ?? Tier.Text, inbound: best?.inbound ?? 0, sections };
}

/** Concept queries look for the section of a specification page (`…/spec`) first. */
export function isSpecPage(url: string): boolean {
  return /\/spec\/?$/.test(url);
}
