//! The article of a page: static HTML with islands. React renders the element that holds it
//! (`dangerouslySetInnerHTML`) and never its inside:
//! - on the server, and on the client for a page it navigated to, the HTML is the content
//!   tree serialized by `html.ts` (no React elements for the tree at all; a chunk loaded
//!   with the page's data: `serializer.ts`);
//! - on the first load, the element is adopted as the server wrote it: `adoptServerArticle`
//!   (called by `entry-client.tsx` before hydrating) reads its HTML, so hydration compares
//!   one string attribute instead of walking thousands of elements, and the DOM stays.
//! Once it is in the document its islands attach (`islands.ts`), and detach when the page
//! goes. Links inside it are routed here (one delegated listener): an internal route
//! navigates client-side and prefetches its chunks on hover, focus or visibility, as the
//! theme's `Link` does elsewhere. Content using on-demand React components (the site pages'
//! hero, cards, showcase) is rendered by React instead (`ReactContent`).
import { useEffect, useMemo, useRef, useState, type ElementType, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Node, RouteManifest } from '../generated/contract';
import { isRoutedLink } from '../components/Link';
import { useRouteManifest } from '../contexts/SiteData';
import { isKnownRoute, prefetchRoute, prefetchRouteWhenIdle } from '../lib/chunks';
import { whenIdle } from '../lib/idle';
import { ARTICLE_ATTRIBUTE, revealArticle } from '../lib/reveal';
import { onceVisible } from '../lib/visibility';
// The content components' class names for the serializer, and their styles in the first view.
import './classes';
import { useIslandContexts } from './islandContext';
import { mountIslands } from './islands';
import { ReactContent, usesReactContent } from './lazy';
import { loadSerializer, serializer } from './serializer';

let adoptable: { path: string; html: string } | null = null;

/** Keeps the server-written article of the page about to be hydrated (client, first load). */
export function adoptServerArticle(): void {
  const element = document.querySelector(`[${ARTICLE_ATTRIBUTE}]`);
  adoptable = element ? { path: element.getAttribute(ARTICLE_ATTRIBUTE) ?? '', html: element.innerHTML } : null;
}

/**
 * The content of a page whose first load read its data without it (the engine's shell
 * chunk, `Boot.page`): everything it shows is the server-written article, adopted however
 * often the article renders again (a retry after a crash). A page the client navigates
 * to has its whole content.
 */
export const CONTENT_IN_HTML: readonly Node[] = Object.freeze([]);

/**
 * The server-written HTML of the page at `path`: once (a later render serializes the
 * content), or for as long as the page is shown when its content is `CONTENT_IN_HTML`.
 */
function takeAdopted(path: string, keep: boolean): string | null {
  const adopted = adoptable;
  if (!keep) adoptable = null;
  return adopted && adopted.path === path ? adopted.html : null;
}

export type ArticleProps = {
  /** The page's route path (the adopted article must be the same page's). */
  path: string;
  content: readonly Node[];
  /** The page title as a heading before the content (none when the page hides its title). */
  title?: string | null;
  /** Whether the title is wrapped in `<header>` (doc pages). */
  titleInHeader?: boolean;
  as?: ElementType;
  className?: string;
};

export function Article({ path, content, title = null, titleInHeader = false, as: Tag = 'div', className }: ArticleProps): ReactNode {
  if (usesReactContent(content)) {
    return (
      <Tag className={className}>
        {title === null ? null : titleInHeader ? (
          <header>
            <h1>{title}</h1>
          </header>
        ) : (
          <h1>{title}</h1>
        )}
        <ReactContent nodes={content} />
      </Tag>
    );
  }
  return <StaticArticle path={path} content={content} title={title} titleInHeader={titleInHeader} as={Tag} className={className} />;
}

function StaticArticle({ path, content, title, titleInHeader, as: Tag = 'div', className }: ArticleProps) {
  const ref = useRef<HTMLElement>(null);
  const routes = useRouteManifest();
  const navigate = useNavigate();
  // Loaded with every page the client navigates to (`loadRoute`); only a page rendered
  // again after a crash may have to wait for it.
  const [serializerLoaded, setSerializerLoaded] = useState(() => serializer() !== null);
  const html = useMemo(() => {
    if (typeof document !== 'undefined') {
      const adopted = takeAdopted(path, content === CONTENT_IN_HTML);
      if (adopted !== null) return adopted;
    }
    const html = serializerLoaded ? serializer() : null;
    if (!html) return null;
    const heading = title === null || title === undefined ? '' : `<h1>${html.escapeHtml(title)}</h1>`;
    return (titleInHeader && heading ? `<header>${heading}</header>` : heading) + html.renderHtml(content);
  }, [path, content, title, titleInHeader, serializerLoaded]);

  useEffect(() => {
    if (html !== null) return;
    let cancelled = false;
    loadSerializer().then(
      () => !cancelled && setSerializerLoaded(true),
      (error: unknown) => console.error('[docsite] The page could not be written.', error),
    );
    return () => {
      cancelled = true;
    };
  }, [html]);

  // The router's `navigate` changes with the location (a hash change): held in a ref, so
  // the islands stay attached for as long as the article is the same.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  // The page's contexts for islands that are React roots (site components).
  useIslandContexts();

  useEffect(() => {
    const element = ref.current;
    if (!element || html === null) return;
    const detachIslands = mountIslands(element);
    const detachLinks = routeLinks(element, routes, (to, replace) => void navigateRef.current(to, { replace }));
    const stopRevealing = revealArticle(element);
    return () => {
      stopRevealing();
      detachIslands();
      detachLinks();
    };
  }, [html, routes]);

  // One object per HTML string: React 19 writes `innerHTML` again whenever the
  // `dangerouslySetInnerHTML` object is a new one (it compares the object, not the string), so
  // any render of the article (a context it reads changes: the colour mode, the location)
  // would replace the elements its islands attached to and drew into.
  const inner = useMemo(() => ({ __html: html ?? '' }), [html]);

  return <Tag ref={ref} className={className} {...{ [ARTICLE_ATTRIBUTE]: path }} dangerouslySetInnerHTML={inner} />;
}

/**
 * The internal route a link of the article goes to, if it goes through the router: a route
 * of the site. Any other path (a file in `static/` such as `/files/report.html`, a redirect
 * page) is loaded by the browser, as a raw `<a>` is in Docusaurus.
 */
function routedTarget(anchor: HTMLAnchorElement, routes: RouteManifest): string | null {
  const href = anchor.getAttribute('href');
  if (!href || anchor.hasAttribute('data-reload') || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  return isRoutedLink(href) && isKnownRoute(routes, href) ? href : null;
}

function anchorOf(target: EventTarget | null, container: HTMLElement): HTMLAnchorElement | null {
  const anchor = target instanceof Element ? target.closest('a') : null;
  return anchor && container.contains(anchor) ? anchor : null;
}

/**
 * Client-side navigation for the article's internal links (what the router's link click
 * handler does: a plain left click only), and their prefetching. Returns a detach.
 */
export function routeLinks(
  container: HTMLElement,
  routes: RouteManifest,
  navigate: (to: string, replace: boolean) => void,
): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor = anchorOf(event.target, container);
    const to = anchor && routedTarget(anchor, routes);
    if (!to || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    navigate(to, to === here);
  };
  const onIntent = (event: Event) => {
    const anchor = anchorOf(event.target, container);
    const to = anchor && routedTarget(anchor, routes);
    if (to) prefetchRoute(routes, to);
  };
  container.addEventListener('click', onClick);
  container.addEventListener('mouseover', onIntent);
  container.addEventListener('focusin', onIntent);
  // Links prefetch when they come into view (and the browser is idle), watched from when
  // the browser is idle, as the theme's `Link` does.
  const unwatch = whenIdle(() => {
    const unobserve: (() => void)[] = [];
    for (const anchor of container.querySelectorAll('a[href]')) {
      const to = routedTarget(anchor as HTMLAnchorElement, routes);
      if (to) unobserve.push(onceVisible(anchor, () => prefetchRouteWhenIdle(routes, to)));
    }
    return () => {
      for (const stop of unobserve) stop();
    };
  });
  return () => {
    unwatch();
    container.removeEventListener('click', onClick);
    container.removeEventListener('mouseover', onIntent);
    container.removeEventListener('focusin', onIntent);
  };
}
