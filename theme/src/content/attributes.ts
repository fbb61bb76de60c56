//! HTML attribute names (as the engine writes them) -> React props.
import type { CSSProperties } from 'react';

/** Elements that never have children. */
export const VOID_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
]);

/** Elements in which whitespace-only text is not allowed (React warns, hydration breaks). */
export const NO_WHITESPACE_TEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup']);

/** Attributes whose mere presence means true. */
const BOOLEAN_ATTRIBUTES = new Set([
  'open', 'checked', 'disabled', 'hidden', 'reversed', 'allowfullscreen', 'readonly', 'required',
  'selected', 'multiple', 'autoplay', 'controls', 'loop', 'muted', 'playsinline', 'default', 'async', 'defer',
]);

/** HTML names whose React prop is spelt differently. */
const RENAMED: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  tabindex: 'tabIndex',
  srcset: 'srcSet',
  crossorigin: 'crossOrigin',
  referrerpolicy: 'referrerPolicy',
  datetime: 'dateTime',
  frameborder: 'frameBorder',
  allowfullscreen: 'allowFullScreen',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  playsinline: 'playsInline',
  autoplay: 'autoPlay',
  accesskey: 'accessKey',
  contenteditable: 'contentEditable',
  spellcheck: 'spellCheck',
  usemap: 'useMap',
  hreflang: 'hrefLang',
  'xlink:href': 'xlinkHref',
  'xml:lang': 'xmlLang',
  viewbox: 'viewBox',
};

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

/** React props for an HTML element of the content tree. */
export function toReactProps(tag: string, attributes: { [name in string]: string } | undefined): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  if (!attributes) return props;
  let style: CSSProperties | undefined;
  for (const [rawName, value] of Object.entries(attributes)) {
    const name = rawName.toLowerCase();
    if (name.startsWith('on')) continue; // never event-handler strings
    if (name === 'style') {
      style = { ...style, ...parseStyle(value) };
    } else if (name === 'align') {
      style = { ...style, textAlign: value as CSSProperties['textAlign'] };
    } else if (name === 'checked' && tag === 'input') {
      // Uncontrolled: rendered as `checked` without React demanding an onChange.
      props.defaultChecked = true;
    } else if (name === 'value' && (tag === 'input' || tag === 'textarea' || tag === 'select')) {
      props.defaultValue = value;
    } else if (BOOLEAN_ATTRIBUTES.has(name)) {
      props[RENAMED[name] ?? name] = true;
    } else if (name.startsWith('data-') || name.startsWith('aria-')) {
      props[name] = value;
    } else {
      props[RENAMED[name] ?? rawName] = value;
    }
  }
  if (style) props.style = style;
  return props;
}
