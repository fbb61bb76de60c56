//! What the content renderers share about HTML attributes and elements (the React
//! renderer's prop mapping is `reactProps.ts`, in its own chunk).
import type { CSSProperties } from 'react';

/** Elements that never have children. */
export const VOID_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
]);

/** Elements in which whitespace-only text is not allowed (React warns, hydration breaks). */
export const NO_WHITESPACE_TEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup']);

/** Attributes whose mere presence means true. */
export const BOOLEAN_ATTRIBUTES = new Set([
  'open', 'checked', 'disabled', 'hidden', 'reversed', 'allowfullscreen', 'readonly', 'required',
  'selected', 'multiple', 'autoplay', 'controls', 'loop', 'muted', 'playsinline', 'default', 'async', 'defer',
]);

/** `"text-align: center; --x: 1"` -> `{ textAlign: 'center', '--x': '1' }`. */
export function parseStyle(style: string): CSSProperties {
  const out: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!name || !value) continue;
    const key = name.startsWith('--')
      ? name
      : name.toLowerCase().replace(/^-ms-/, 'ms-').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] = value;
  }
  return out as CSSProperties;
}
