//! `@docusaurus/useBaseUrl` for a site's React pages: puts the site's `baseUrl` (and, with
//! `absolute`, its `url`) in front of a site path, as Docusaurus does: anchors, URLs with a
//! scheme and paths already under `baseUrl` are returned unchanged.
import { useCallback } from 'react';
import { useSiteData } from '../../contexts/SiteData';
import { isExternalUrl } from '../../lib/paths';

export type BaseUrlOptions = {
  /** Prepend `baseUrl` even when the path already starts with it. */
  forcePrependBaseUrl?: boolean;
  /** Return an absolute URL (the site's `url` in front). */
  absolute?: boolean;
};

export type BaseUrlUtils = {
  withBaseUrl: (url: string, options?: BaseUrlOptions) => string;
};

/** `url` under `baseUrl` (pure: the hook below binds it to the site's settings). */
export function addBaseUrl(site: { url: string; baseUrl: string }, url: string, options: BaseUrlOptions = {}): string {
  if (!url || url.startsWith('#') || isExternalUrl(url)) return url;
  const { baseUrl } = site;
  if (options.forcePrependBaseUrl) return baseUrl + url.replace(/^\//, '');
  // `/fdc3` is the site root `/fdc3/`, not `/fdc3/fdc3`.
  if (url === baseUrl.replace(/\/$/, '')) return baseUrl;
  const path = url.startsWith(baseUrl) ? url : baseUrl + url.replace(/^\//, '');
  return options.absolute ? site.url.replace(/\/+$/, '') + path : path;
}

export function useBaseUrlUtils(): BaseUrlUtils {
  const { url, baseUrl } = useSiteData();
  const withBaseUrl = useCallback(
    (path: string, options?: BaseUrlOptions) => addBaseUrl({ url, baseUrl }, path, options),
    [url, baseUrl],
  );
  return { withBaseUrl };
}

/** `url` under the site's `baseUrl`; `undefined` stays `undefined` (as in Docusaurus). */
export default function useBaseUrl(url: string, options?: BaseUrlOptions): string;
export default function useBaseUrl(url: string | undefined, options?: BaseUrlOptions): string | undefined;
export default function useBaseUrl(url: string | undefined, options: BaseUrlOptions = {}): string | undefined {
  const { withBaseUrl } = useBaseUrlUtils();
  return url === undefined ? undefined : withBaseUrl(url, options);
}
