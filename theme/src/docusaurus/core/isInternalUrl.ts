//! `@docusaurus/isInternalUrl`: whether a URL is one of the site's own (no scheme such as
//! `https:` or `mailto:`, not protocol-relative), as Docusaurus decides.

/** A URL with a scheme (`https:`, `mailto:`) or protocol-relative (`//host`). */
export function hasProtocol(url: string): boolean {
  return /^(?:\w*:|\/\/)/.test(url);
}

export default function isInternalUrl(url?: string): boolean {
  return typeof url !== 'undefined' && !hasProtocol(url);
}
