//! Route paths: normalising what the address bar says into a route-manifest key, and
//! telling internal routes from external URLs.

/** Percent-decoded, or as it is when that fails (a malformed escape). */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The route key for a URL pathname: percent-decoded, without a trailing `/index.html`
 * or `.html`, without a trailing slash (except for the root).
 */
export function normalizePath(pathname: string): string {
  // A malformed escape keeps the raw path: it will simply not match a route.
  let path = safeDecode(pathname);
  if (path.endsWith('/index.html')) {
    path = path.slice(0, -'index.html'.length);
  } else if (path.endsWith('.html')) {
    path = path.slice(0, -'.html'.length);
  }
  path = path.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** A URL that leaves the site (`http(s)://`, `mailto:`, protocol-relative, ...). */
export function isExternalUrl(href: string): boolean {
  return /^([a-z][a-z\d+.-]*:|\/\/)/i.test(href);
}

/** Splits `/a/b?q#h` into its path and the rest (`?q#h`). */
export function splitPath(href: string): { pathname: string; rest: string } {
  const index = href.search(/[?#]/);
  return index === -1
    ? { pathname: href, rest: '' }
    : { pathname: href.slice(0, index), rest: href.slice(index) };
}

/**
 * Whether a link path looks like a file rather than a page (`/assets/spec.pdf`): such
 * links must load from the server instead of going through the client router.
 */
export function looksLikeFile(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[a-z\d]+$/i.test(last) && !last.endsWith('.html');
}

/** Whether a navbar/footer link is active for the displayed path. */
export function isLinkActive(
  path: string,
  link: { to: string | null; activeBasePath: string | null; activeBaseRegex: string | null },
): boolean {
  if (link.activeBaseRegex) {
    try {
      if (new RegExp(link.activeBaseRegex).test(path)) return true;
    } catch {
      // An invalid regex from configuration cannot make a link active.
    }
  }
  if (link.activeBasePath && path.startsWith(link.activeBasePath)) return true;
  return link.to !== null && normalizePath(splitPath(link.to).pathname) === path;
}
