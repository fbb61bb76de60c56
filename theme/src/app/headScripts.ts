//! The inline `<head>` script of every pre-rendered page, and the third-party tags the
//! configuration asks for. The inline script runs before the body is parsed, so what it
//! decides is right on first paint (no flash): the colour mode, whether the announcement
//! bar was dismissed, and, when the page is served under a path its `baseUrl` does not
//! expect, the "did not load properly" banner (which must work even when the theme's
//! JavaScript cannot load, since a wrong base URL breaks every asset URL). It also starts
//! the theme's JavaScript, once the page has painted (`startAfterFirstPaint`).
//!
//! The storage keys live here and in the components that write them (imported, so the
//! two cannot disagree).
import type { SiteData } from '../generated/contract';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } from '../components/AnnouncementBar/keys';
import { COLOR_MODE_STORAGE_KEY } from '../contexts/ColorMode';
import { WHOLE_ARTICLE_ATTRIBUTE } from '../lib/reveal';
import { BOOT_ELEMENT_ID } from './boot';
import { escapeHtml } from './head';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL, START_FALLBACK_MS } from './deferredEntry';

/** `<html>` attribute set when the reader already closed this announcement bar. */
export const ANNOUNCEMENT_DISMISSED_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';
/** Id of the base-URL banner element. */
export const BASE_URL_BANNER_ID = '__docsite-base-url-issue-banner';

/** A JS literal safe inside `<script>` (no `</script>`, no `<!--`). */
function literal(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * A function's source on one line, for the inline script. Safe for the functions below:
 * every statement ends in `;` or `}`, and no string or regex spans lines.
 */
function inline(fn: (...args: never[]) => unknown): string {
  return fn.toString().replace(/\s*\n\s*/g, '');
}

/**
 * The base URL a page's address suggests: the address minus the page's route below the
 * configured base URL (`/sub/docs/x` for route `/docs/x` -> `/sub/`); null when the
 * address does not end with the route (nothing sensible to suggest) or already fits.
 * Runs inside the inline script (serialised with `toString`), so it is plain ES5.
 */
export function suggestBaseUrl(pathname: string, route: string, baseUrl: string): string | null {
  var p = pathname;
  try {
    p = decodeURIComponent(p);
  } catch (e) {
    // keep the raw path
  }
  p = p.replace(/\/index\.html$/, '/').replace(/\.html$/, '').replace(/\/+$/, '') || '/';
  var r = route.replace(/\/+$/, '') || '/';
  if (p === r) return null;
  var withSlash = r === '/' ? '/' : r + '/';
  if (withSlash.indexOf(baseUrl) !== 0) return null;
  var rel = withSlash.slice(baseUrl.length).replace(/\/$/, '');
  var prefix;
  if (rel === '') prefix = p;
  else if (p.length > rel.length && p.slice(-(rel.length + 1)) === '/' + rel) prefix = p.slice(0, p.length - rel.length - 1);
  else return null;
  var suggested = prefix.replace(/\/+$/, '') + '/';
  return suggested === baseUrl ? null : suggested;
}

/** Inserts the banner (plain DOM, inline styles: the stylesheet may not have loaded). */
export function insertBaseUrlBanner(id: string, baseUrl: string, suggested: string): void {
  if (document.getElementById(id)) return;
  var banner = document.createElement('div');
  banner.id = id;
  banner.setAttribute('role', 'alert');
  banner.style.cssText =
    'border:3px solid #d00;background:#fff;color:#000;margin:20px;padding:20px;font:20px/1.4 system-ui,sans-serif';
  var lines = [
    'Your Docusaurus site did not load properly.',
    'A very common reason is a wrong site baseUrl configuration.',
    'Current configured baseUrl = ' + baseUrl + (baseUrl === '/' ? ' (default value)' : ''),
    'We suggest trying baseUrl = ' + suggested,
  ];
  for (var i = 0; i < lines.length; i++) {
    var p = document.createElement('p');
    p.style.margin = i === 0 ? '0 0 10px' : '0';
    if (i === 0) {
      var strong = document.createElement('strong');
      strong.textContent = lines[i] ?? '';
      p.appendChild(strong);
    } else {
      p.textContent = lines[i] ?? '';
    }
    banner.appendChild(p);
  }
  document.body.insertBefore(banner, document.body.firstChild);
}

/**
 * The page's route, read from its canonical link (`<site url><route>`, written by
 * `renderHead` before this script): the script itself names no page, so every page of a
 * site has the same inline script and one Content-Security-Policy hash allows it on all of
 * them (`_headers` carries one policy for the whole site). Null without a canonical link of
 * the site. Runs inside the inline script, so it is plain ES5.
 */
export function pageRoute(siteUrl: string): string | null {
  var link = document.querySelector('link[rel="canonical"]');
  var href = link ? link.getAttribute('href') : null;
  if (!href || href.indexOf(siteUrl) !== 0) return null;
  var route = href.slice(siteUrl.length) || '/';
  try {
    return decodeURIComponent(route);
  } catch (e) {
    return route;
  }
}

/**
 * Starts the theme's JavaScript once the page is parsed and its first contentful paint is
 * on screen: the pre-rendered page is complete without it, so the stylesheet and the HTML
 * have the connection to themselves until the reader sees the page, and the parse of a long
 * page is not interleaved with the entry's evaluation. Then, all at once: a preload for each
 * data chunk the boot record (`#bootId`) names, which the entry reads as soon as it runs;
 * the module preloads; the entry. The template holds the entry and its preloads inert
 * (`deferredEntry.ts`) in its head. Without paint timing, on a page that is not visible (a background
 * tab reports no paint), or when it goes hidden, the paint is not waited for; if no paint
 * is reported at all, the entry starts `fallbackMs` after `load`. Runs inside the inline
 * script, so it is plain ES5.
 */
export function startAfterFirstPaint(bootId: string, moduleType: string, preloadRel: string, fallbackMs: number): void {
  var d = document;
  var painted = false;
  var started = false;
  function add(tag: string, props: Record<string, string>) {
    var element = d.createElement(tag) as unknown as Record<string, string>;
    for (var key in props) element[key] = props[key] as string;
    d.head.appendChild(element as unknown as Node);
  }
  function start() {
    if (started || !painted || d.readyState === 'loading') return;
    started = true;
    var boot = d.getElementById(bootId);
    var chunks: Record<string, unknown> = {};
    try {
      chunks = JSON.parse((boot && boot.textContent) || '{}');
    } catch (e) {
      chunks = {};
    }
    for (var name in chunks) {
      var url = chunks[name];
      if (typeof url === 'string') add('link', { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: url });
    }
    var preloads = d.head.querySelectorAll('link[rel="' + preloadRel + '"]');
    for (var i = 0; i < preloads.length; i++) add('link', { rel: 'modulepreload', crossOrigin: 'anonymous', href: (preloads[i] as HTMLLinkElement).href });
    var entries = d.head.querySelectorAll('script[type="' + moduleType + '"]');
    for (var j = 0; j < entries.length; j++) add('script', { type: 'module', crossOrigin: 'anonymous', src: (entries[j] as HTMLScriptElement).src });
  }
  function paint() {
    painted = true;
    start();
  }
  d.addEventListener('DOMContentLoaded', start);
  d.addEventListener('visibilitychange', function () {
    if (d.visibilityState !== 'visible') paint();
  });
  window.addEventListener('load', function () {
    setTimeout(paint, fallbackMs);
  });
  var types = typeof PerformanceObserver === 'undefined' ? null : PerformanceObserver.supportedEntryTypes;
  if (d.visibilityState !== 'visible' || !types || types.indexOf('paint') < 0) {
    paint();
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      paint();
    }
  }).observe({ type: 'paint', buffered: true });
}

/** The inline script of every page of a site (nothing in it depends on the page). */
export function inlineHeadScript(site: SiteData): string {
  const { colorMode, announcementBar } = site;
  const parts = [
    'var d=document.documentElement,s=null;',
    'try{s=window.localStorage}catch(e){}',
    'function g(k){try{return s?s.getItem(k):null}catch(e){return null}}',
    // Colour mode: the stored choice, else the system preference (if respected), else the default.
    colorMode.disableSwitch
      ? `var t=${literal(colorMode.defaultMode)};`
      : `var t=g(${literal(COLOR_MODE_STORAGE_KEY)});if(t!=='light'&&t!=='dark'){t=${
          colorMode.respectPrefersColorScheme
            ? `window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':${literal(colorMode.defaultMode)}`
            : literal(colorMode.defaultMode)
        }}`,
    "d.setAttribute('data-theme',t);d.style.colorScheme=t;",
    // A page loaded with a hash lays its article out whole (`lib/reveal.ts`).
    `if(location.hash)d.setAttribute(${literal(WHOLE_ARTICLE_ATTRIBUTE)},'');`,
  ];
  if (announcementBar) {
    parts.push(
      `if(g(${literal(ANNOUNCEMENT_ID_KEY)})===${literal(announcementBar.id)}&&g(${literal(ANNOUNCEMENT_DISMISS_KEY)})==='true')` +
        `d.setAttribute(${literal(ANNOUNCEMENT_DISMISSED_ATTRIBUTE)},'true');`,
    );
  }
  // The not-found page's route (`/404.html`) is not where it is shown, so it suggests
  // nothing: `suggestBaseUrl` needs the address to end with the route.
  parts.push(
    `var r=(${inline(pageRoute)})(${literal(site.url.replace(/\/+$/, ''))});`,
    `var b=r&&(${inline(suggestBaseUrl)})(location.pathname,r,${literal(site.baseUrl)});`,
    `if(b)document.addEventListener('DOMContentLoaded',function(){(${inline(insertBaseUrlBanner)})(${literal(BASE_URL_BANNER_ID)},${literal(site.baseUrl)},b)});`,
    `(${inline(startAfterFirstPaint)})(${literal(BOOT_ELEMENT_ID)},${literal(DEFERRED_MODULE_TYPE)},${literal(DEFERRED_PRELOAD_REL)},${START_FALLBACK_MS});`,
  );
  return `(function(){${parts.join('')}})()`;
}

/** Analytics (gtag.js) and third-party script tags, when configured. */
export function thirdPartyTags(site: SiteData): string[] {
  const tags: string[] = [];
  if (site.analytics) {
    const id = site.analytics.trackingId;
    const options = site.analytics.anonymizeIp ? '{anonymize_ip:true}' : '{}';
    tags.push(
      '<link rel="preconnect" href="https://www.googletagmanager.com">',
      `<script async src="https://www.googletagmanager.com/gtag/js?id=${escapeHtml(encodeURIComponent(id))}"></script>`,
      `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${literal(id)},${options});</script>`,
    );
  }
  for (const script of site.scripts) {
    tags.push(`<script src="${escapeHtml(script.src)}" ${script.defer ? 'defer' : 'async'}></script>`);
  }
  return tags;
}
