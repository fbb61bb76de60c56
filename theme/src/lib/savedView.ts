//! Where the reader is on a page, kept for back/forward. A pixel position would not do: until
//! the article is revealed (`reveal.ts`), blocks never laid out count as placeholder heights,
//! so the same content sits elsewhere once they are. A view is the article's block at the top
//! of the viewport and its offset, and going back lays the whole article out (`revealAll`)
//! before scrolling to that block.

/**
 * Where the reader is in the page: the article's block at the top of the viewport and how
 * far from the top it is, and the scroll position as a fallback (no article, or the
 * reader is past it).
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

/** Scrolls back to a saved view; the whole article is laid out first (`revealAll`). */
export function restoreView(article: Element | null, view: SavedView): void {
  const block = view.block >= 0 ? article?.children[view.block] : undefined;
  if (block) window.scrollTo(0, window.scrollY + block.getBoundingClientRect().top - view.top);
  else window.scrollTo(0, view.y);
}
