//! How long a collapsible section takes to open or close: longer for taller content, so
//! every section moves at a similar speed (Material Design's auto-height curve, as in
//! Docusaurus), and 1 ms when the reader asked for reduced motion.

/** Milliseconds to animate `height` pixels of content. */
export function autoHeightDuration(height: number): number {
  const constant = Math.max(0, height) / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

/** The duration for this reader: `autoHeightDuration`, or 1 ms under reduced motion. */
export function collapseDuration(height: number): number {
  const reduced =
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? 1 : autoHeightDuration(height);
}
