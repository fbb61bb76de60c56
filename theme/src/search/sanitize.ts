//! Excerpts come from the index as HTML; only `<mark>` may survive.

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ENTITY[c] ?? c);
}

/**
 * Keeps the text and the `<mark>` tags of an excerpt and escapes everything else, so an
 * excerpt can be rendered as HTML without trusting the index.
 */
export function sanitizeExcerpt(html: string): string {
  const text = html
    .replace(/<mark>/gi, '\u0001')
    .replace(/<\/mark>/gi, '\u0002')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e] ?? '');
  return escapeHtml(text).replace(/\u0001/g, '<mark>').replace(/\u0002/g, '</mark>');
}
