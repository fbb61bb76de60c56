//! An article's code blocks are laid out only near the viewport (`content-visibility: auto`
//! in `CodeBlock/styles.module.css`): a long reference page's first load lays out one
//! screen of its hundred blocks. A block never laid out counts as 10rem high, so a position
//! on the page is only right once the blocks above it have been laid out, and the browser's
//! scroll anchoring does not make up for a block taking its real height. Before a scroll
//! back to a saved position, the whole article is laid out, and kept laid out for two
//! frames: the browser records each block's real height when it renders it, and a block it
//! skips afterwards keeps that height. Back/forward then shows the content the reader left.

/** Set on `<html>` while every block of the article is laid out. */
export const FULL_LAYOUT_ATTRIBUTE = 'data-full-layout';

let holds = 0;

function release(): void {
  holds -= 1;
  if (holds === 0) document.documentElement.removeAttribute(FULL_LAYOUT_ATTRIBUTE);
}

/** Runs `scroll` with the whole article laid out, and keeps it laid out for two frames. */
export function withFullLayout<T>(scroll: () => T): T {
  holds += 1;
  document.documentElement.setAttribute(FULL_LAYOUT_ATTRIBUTE, '');
  try {
    return scroll();
  } finally {
    requestAnimationFrame(() => requestAnimationFrame(release));
  }
}

/**
 * Where the reader is in the page: the article's block at the top of the viewport and how
 * far from the top it is, and the scroll position as a fallback (no article, or the
 * reader is past it). A position alone would not do: blocks above that were never laid
 * out count as 10rem, so the same content sits elsewhere once they are.
 */
export type SavedView = { y: number; block: number; top: number };

export function saveView(article: Element | null): SavedView {
  const y = window.scrollY;
  const blocks = article ? article.children : [];
  for (let index = 0; index < blocks.length; index += 1) {
    const rect = (blocks[index] as Element).getBoundingClientRect();
    if (rect.bottom > 0) return { y, block: index, top: rect.top };
  }
  return { y, block: -1, top: 0 };
}

/** Scrolls back to a saved view, with the whole article laid out (`withFullLayout`). */
export function restoreView(article: Element | null, view: SavedView): void {
  withFullLayout(() => {
    const block = view.block >= 0 ? article?.children[view.block] : undefined;
    if (block) window.scrollTo(0, window.scrollY + block.getBoundingClientRect().top - view.top);
    else window.scrollTo(0, view.y);
  });
}
