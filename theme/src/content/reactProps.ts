//! HTML attribute names (as the engine writes them) -> React props, for the React content
//! renderer (`Nodes.tsx`).
import type { CSSProperties } from 'react';
import { BOOLEAN_ATTRIBUTES, parseStyle } from './attributes';

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
    } else if (name === 'align' && (tag === 'td' || tag === 'th')) {
      // A table cell's alignment as MDX writes it (`tableCellAlignToStyle`); on other
      // elements `align` stays an attribute (`<img align="right">` floats, as in Docusaurus).
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
