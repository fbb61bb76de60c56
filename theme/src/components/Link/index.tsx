//! The one link component of the theme. Internal routes navigate client-side through
//! the router and prefetch their data chunks (on hover or focus at once, once visible when
//! the browser is idle: `lib/chunks.ts`); external URLs
//! open in a new tab; same-page hashes, file links and `reload` links (Docusaurus's
//! `pathname:///` links, marked `data-reload` by the engine) stay plain anchors that the
//! browser loads as documents.
import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { useRouteManifest } from '../../contexts/SiteData';
import { prefetchRoute, prefetchRouteWhenIdle } from '../../lib/chunks';
import { isExternalUrl, looksLikeFile, splitPath } from '../../lib/paths';
import { whenIdle } from '../../lib/idle';
import { onceVisible } from '../../lib/visibility';

export type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** Internal route (`/docs/x#y`), same-page hash or external URL. */
  to: string;
  /** Load the target as a document, never through the client router. */
  reload?: boolean;
  /** Prefetch the target once the link is in view (default); hovering or focusing it always does. */
  prefetchInView?: boolean;
  children?: ReactNode;
};

/** Whether a link target goes through the client router. */
export function isRoutedLink(to: string): boolean {
  return to.startsWith('/') && !isExternalUrl(to) && !looksLikeFile(splitPath(to).pathname);
}

export function Link({ to, reload = false, prefetchInView = true, children, onClick, onMouseEnter, onFocus, ...rest }: Props) {
  const routes = useRouteManifest();
  const ref = useRef<HTMLAnchorElement>(null);
  const routed = !reload && isRoutedLink(to);
  const href = useHref(routed ? to : '/');
  const navigate = useLinkClickHandler<HTMLAnchorElement>(routed ? to : '/');

  // Watched from when the browser is idle: a page's first render mounts hundreds of links
  // (sidebar, table of contents), whose watching would otherwise lengthen its commit.
  useEffect(() => {
    const element = ref.current;
    if (!routed || !prefetchInView || !element) return;
    return whenIdle(() => onceVisible(element, () => prefetchRouteWhenIdle(routes, to)));
  }, [routed, prefetchInView, routes, to]);

  if (isExternalUrl(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" onClick={onClick} {...rest}>
        {children}
      </a>
    );
  }
  if (!routed) {
    return (
      <a href={to} onClick={onClick} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a
      ref={ref}
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
      onMouseEnter={(event) => {
        prefetchRoute(routes, to);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetchRoute(routes, to);
        onFocus?.(event);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}
