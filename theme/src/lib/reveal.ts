//! A long article's first layout covers the screens near the viewport only. Until the theme
//! reveals them, the article's top-level blocks and its code blocks are laid out only when
//! they come near the viewport (`content-visibility: auto` in `styles/markdown.css`): a
//! reference page of two hundred blocks paints its first screen without laying out the rest.
//!
//! The browser's scroll anchoring does not make up for a skipped block taking its real
//! height as it comes near the viewport, so the content under the reader would jump; nor,
//! once the reader is past them (at the footer), for blocks the theme lays out. So nothing
//! stays skipped for long: `revealArticle` lays out the rest once the page has nothing more
//! urgent to do, top to bottom, a few blocks at a time, and after each batch scrolls by
//! however far what the reader looks at moved (`keepInPlace`). Whatever needs the real
//! position of something in the article before then reveals every block above it first
//! (`revealThrough`: a link to a heading of the page, a scroll to a page's hash, a tab that
//! keeps its place), or all of it (`revealAll`: a scroll back to a saved position, a key that
//! jumps to the end of the page, `revealForEndKey`). A page loaded with a hash is laid out
//! whole from the start: the inline head script marks it (`WHOLE_ARTICLE_ATTRIBUTE`), since
//! the browser scrolls to the hash before any of the theme's JavaScript runs.
import { onIdle, type IdleDeadline } from './idle';
import { safeDecode } from './paths';

/** Marks the article element (its value: the page's path; `content/Article.tsx`). */
export const ARTICLE_ATTRIBUTE = 'data-article';
/** Set on a block of the article, and on a code block, once it is laid out for good. */
export const LAID_OUT_ATTRIBUTE = 'data-laid-out';
/** Set on `<html>` by the inline head script when the first page is loaded with a hash. */
export const WHOLE_ARTICLE_ATTRIBUTE = 'data-article-whole';
/** The blocks inside an article's blocks that skip layout on their own (`markdown.css`). */
const NESTED_SKIPPING = '.code-block';
/** How long laying out blocks may hold the main thread at a time (ms). */
export const REVEAL_SLICE_MS = 10;

/** Marks a top-level block of the article, and the code blocks in it, as laid out for good. */
function reveal(block: Element): void {
  if (block.hasAttribute(LAID_OUT_ATTRIBUTE)) return;
  block.setAttribute(LAID_OUT_ATTRIBUTE, '');
  for (const nested of block.querySelectorAll(NESTED_SKIPPING)) nested.setAttribute(LAID_OUT_ATTRIBUTE, '');
}

/** How much a block is to lay out: its elements (itself included). */
function weight(block: Element): number {
  return block.getElementsByTagName('*').length + 1;
}

/**
 * Lays out the rest of `article` top to bottom when the browser is idle, at most about
 * `REVEAL_SLICE_MS` at a time (and no longer than the idle moment lasts). Blocks are
 * revealed in batches, each laid out at once (one layout of the article per batch, not per
 * block): as many elements as the time left holds at the cost per element the last batch
 * took. Returns a function that stops it (the article is leaving).
 */
export function revealArticle(article: Element): () => void {
  const root = document.documentElement;
  if (root.hasAttribute(WHOLE_ARTICLE_ATTRIBUTE)) {
    // Laid out whole already: marking the blocks changes nothing on screen.
    revealAll(article);
    root.removeAttribute(WHOLE_ARTICLE_ATTRIBUTE);
    return () => undefined;
  }
  let stopped = false;
  let next = 0;
  // What laying out one element costs (ms), from the last batch; unknown before the first,
  // which is one block. A batch holds at most twice the elements of the one before: blocks
  // already laid out near the viewport cost next to nothing, and say little about the next.
  let perElement = Infinity;
  let most = 0;
  const slice = (deadline: IdleDeadline) => {
    if (stopped) return;
    const end = performance.now() + Math.min(REVEAL_SLICE_MS, deadline.timeRemaining());
    const blocks = article.children;
    for (let first = true; next < blocks.length; first = false) {
      const start = performance.now();
      const held = readerAnchor(article);
      let elements = 0;
      for (; next < blocks.length; next += 1) {
        const block = blocks[next] as Element;
        if (block.hasAttribute(LAID_OUT_ATTRIBUTE)) continue;
        // A slice lays out one block at least, whatever it costs; then what fits.
        const cost = weight(block);
        if ((elements || !first) && (elements + cost > most || start + (elements + cost) * perElement > end)) break;
        reveal(block);
        elements += cost;
      }
      if (!elements) break;
      // Lays the batch out now, inside this slice, not in the next frame, and keeps what the
      // reader looks at in place.
      keepInPlace(held);
      perElement = (performance.now() - start) / elements;
      most = 2 * elements;
    }
    if (next < blocks.length) onIdle(slice);
  };
  onIdle(slice);
  return () => {
    stopped = true;
  };
}

/** Where something the reader looks at is, to keep it there: an edge of an element. */
type Anchor = { element: Element; edge: 'top' | 'bottom'; at: number };

/**
 * What the reader looks at: the first block of the article that reaches into the viewport
 * (its top), or, when the reader is past the article (its footer, after a jump to the end),
 * the article's end.
 */
function readerAnchor(article: Element): Anchor {
  // The blocks follow one another down the page: the first one ending below the viewport's
  // top, by bisection.
  const blocks = article.children;
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((blocks[middle] as Element).getBoundingClientRect().bottom > 0) high = middle;
    else low = middle + 1;
  }
  const block = blocks[low];
  if (block) return { element: block, edge: 'top', at: block.getBoundingClientRect().top };
  return { element: article, edge: 'bottom', at: article.getBoundingClientRect().bottom };
}

/**
 * Scrolls by however far the anchor moved. The browser's own scroll anchoring does not make
 * up for blocks above the viewport taking their real height when the reader is past them
 * (at the end of the page, the footer went down by a screen and more).
 */
function keepInPlace({ element, edge, at }: Anchor): void {
  const moved = element.getBoundingClientRect()[edge] - at;
  if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: 'instant' });
}

/** Reveals the whole article at once. */
export function revealAll(article: Element | null): void {
  for (const block of article?.children ?? []) reveal(block);
}

/**
 * Reveals every block of the article up to the one holding `target` (nothing when it is not
 * in an article), so that its position is where it will stay.
 */
export function revealThrough(target: Element): void {
  for (const block of target.closest(`[${ARTICLE_ATTRIBUTE}]`)?.children ?? []) {
    reveal(block);
    if (block.contains(target)) return;
  }
}

/**
 * Before the browser scrolls to the end of the page for a key (End, Ctrl+End, Cmd+Down),
 * lays out the whole article: the end the browser scrolls to is the real one, not where the
 * blocks not laid out yet end (the reader would stop short of the footer). A capturing
 * keydown listener of the document (`entry-client.tsx`); a key typed into a field is its own.
 */
export function revealForEndKey(event: KeyboardEvent): void {
  const toEnd = event.key === 'End' || (event.key === 'ArrowDown' && event.metaKey);
  if (!toEnd || event.altKey || event.shiftKey) return;
  const target = event.target;
  if (target instanceof Element && target.closest('input, textarea, select, [contenteditable]')) return;
  revealAll(document.querySelector(`[${ARTICLE_ATTRIBUTE}]`));
}

/**
 * Before the browser follows a link to a place on the page (`#id`, as the table of contents
 * and heading anchors write it; a link naming the page's path goes through the router and
 * `scrollToHash`), reveals the blocks above it: a capturing click listener of the document
 * (`entry-client.tsx`), so it runs before anything that could scroll.
 */
export function revealLinkTarget(event: Event): void {
  const href = event.target instanceof Element ? event.target.closest('a[href^="#"]')?.getAttribute('href') : null;
  const target = href && document.getElementById(safeDecode(href.slice(1)));
  if (target) revealThrough(target);
}
