//! `@docusaurus/Interpolate` for a site's React code and MDX docs: `{name}` placeholders of a
//! message replaced by `values[name]` (strings, numbers or React elements), as Docusaurus's
//! own `interpolate()` does; a placeholder without a value stays as written. Used by
//! `@docusaurus/Translate`.
import { cloneElement, isValidElement, type ReactNode } from 'react';

export type InterpolateValues<Value extends ReactNode = ReactNode> = Record<string, Value>;

/** The message with its values: a string when every value is text, else React nodes. */
export function interpolate(text: string, values?: InterpolateValues<string | number>): string;
export function interpolate(text: string, values?: InterpolateValues): ReactNode;
export function interpolate(text: string, values?: InterpolateValues): ReactNode {
  // Odd segments of the split are the `{name}` placeholders.
  const segments = text.split(/(\{\w+\})/).map((segment, index) => {
    if (index % 2 === 1) {
      const value = values?.[segment.slice(1, -1)];
      if (value !== undefined) return value;
    }
    return segment;
  });
  if (segments.some((segment) => isValidElement(segment))) {
    return segments.map((segment, index) => (isValidElement(segment) ? cloneElement(segment, { key: index }) : segment)).filter((segment) => segment !== '');
  }
  return segments.join('');
}

export default function Interpolate({ children, values }: { children: string; values?: InterpolateValues }) {
  if (typeof children !== 'string') throw new Error(`The Docusaurus <Interpolate> component only accept simple string values. Received: ${isValidElement(children) ? 'React element' : typeof children}`);
  return <>{interpolate(children, values)}</>;
}
