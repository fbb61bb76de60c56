//! `@docusaurus/Link` for a site's React pages, onto the theme's `Link`: `to` or `href`,
//! `/`-paths get the site's `baseUrl` (unless `autoAddBaseUrl={false}`), site routes
//! navigate client-side (with the theme's prefetching), URLs with a scheme open in a new
//! tab, `pathname://x` loads `<baseUrl>x` as a document, and a `target` other than `_self`
//! makes a plain anchor. `isNavLink` marks the link of the current route with
//! `activeClassName` (default `active`) and `aria-current="page"`. The engine checks the
//! links of a pre-rendered React page; `data-noBrokenLinkCheck` leaves one out.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link as ThemeLink } from '../../components/Link';
import { isExternalUrl, normalizePath, splitPath } from '../../lib/paths';
import { useBaseUrlUtils } from './useBaseUrl';

export type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** Target of the link (Docusaurus treats `to` and `href` alike). */
  to?: string;
  href?: string;
  /** Put `baseUrl` in front of `/`-paths (default true). */
  autoAddBaseUrl?: boolean;
  /** Mark the link when it points to the current route. */
  isNavLink?: boolean;
  /** Class added to an active nav link (default `active`). */
  activeClassName?: string;
  /** Leave this link out of the broken-link check (the engine reads the marker below). */
  'data-noBrokenLinkCheck'?: boolean;
  children?: ReactNode;
};

const PATHNAME_PROTOCOL = 'pathname://';

/**
 * The attribute of a link the engine's check of React pages skips (`data-noBrokenLinkCheck`;
 * `NO_LINK_CHECK_ATTRIBUTE` in `crates/docsite-core/src/build/rendered.rs`).
 */
export const NO_LINK_CHECK_ATTRIBUTE = 'data-no-link-check';

function NavMark({ to, className, activeClassName, children }: { to: string; className: string | undefined; activeClassName: string; children: (marks: { className: string | undefined; current: boolean }) => ReactNode }) {
  const { pathname } = useLocation();
  const current = !isExternalUrl(to) && normalizePath(splitPath(to).pathname) === normalizePath(pathname);
  const marked = current ? [className, activeClassName].filter(Boolean).join(' ') : className;
  return children({ className: marked, current });
}

export default function Link({
  to,
  href,
  autoAddBaseUrl = true,
  isNavLink = false,
  activeClassName = 'active',
  'data-noBrokenLinkCheck': noBrokenLinkCheck = false,
  className,
  target,
  children,
  ...rest
}: Props) {
  const { withBaseUrl } = useBaseUrlUtils();
  const raw = to ?? href;
  if (raw === undefined) {
    return (
      <a className={className} target={target} {...rest}>
        {children}
      </a>
    );
  }
  const reload = raw.startsWith(PATHNAME_PROTOCOL) || (target !== undefined && target !== '_self');
  const unprefixed = raw.startsWith(PATHNAME_PROTOCOL) ? raw.slice(PATHNAME_PROTOCOL.length) : raw;
  const resolved = autoAddBaseUrl && unprefixed.startsWith('/') ? withBaseUrl(unprefixed) : unprefixed;
  const link = (linkClass: string | undefined, current: boolean) => (
    <ThemeLink
      to={resolved}
      reload={reload}
      className={linkClass}
      // Only when given: the theme's external links default to a new tab.
      {...(target !== undefined ? { target } : {})}
      {...(current ? { 'aria-current': 'page' as const } : {})}
      {...(noBrokenLinkCheck ? { [NO_LINK_CHECK_ATTRIBUTE]: '' } : {})}
      {...rest}
    >
      {children}
    </ThemeLink>
  );
  if (!isNavLink) return link(className, false);
  return (
    <NavMark to={resolved} className={className} activeClassName={activeClassName}>
      {({ className: marked, current }) => link(marked, current)}
    </NavMark>
  );
}
