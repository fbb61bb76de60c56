//! Client entry: reads the boot record, loads the site, routes, page and sidebar
//! chunks (preloaded by the page), then hydrates the server-rendered HTML (all but the
//! article, which is adopted as it is: `content/Article.tsx`). If the data
//! cannot be loaded, the server HTML stays as it is, with an error bar and Retry.
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './styles/index.css';
import { loadBootData, readBoot, type BootData } from './app/boot';
import { ClientApp, UNMATCHED_PATH } from './app/ClientApp';
import { hideErrorBar, showErrorBar } from './app/ErrorBar';
import { adoptServerArticle } from './content/Article';
import { preloadContent } from './content/lazy';
import { preloadSitePage, setSiteBaseUrl } from './app/sitePages';
import { preloadBlogView } from './app/blogViews';
import { preloadAnnouncementBar } from './app/announcementBar';
import { normalizePath, safeDecode } from './lib/paths';
import { revealForEndKey, revealLinkTarget } from './lib/reveal';

const ROOT_ID = '__docsite_root';

/** Rewrites `/x/`, `/x.html`, `/x/index.html` to `/x` before the first render. */
function normaliseAddress(): string {
  const { pathname, search, hash } = window.location;
  const path = normalizePath(pathname);
  if (path !== safeDecode(pathname)) window.history.replaceState(window.history.state, '', `${encodeURI(path)}${search}${hash}`);
  return path;
}

function hydrate(data: BootData): void {
  const root = document.getElementById(ROOT_ID);
  if (!root) throw new Error(`The page has no #${ROOT_ID} element.`);
  const path = normaliseAddress();
  const shownPath = data.page.kind === 'notFound' && data.routes.routes[path] ? UNMATCHED_PATH : path;
  // The article stays as the server wrote it: React adopts it instead of hydrating it.
  adoptServerArticle();
  document.addEventListener('click', revealLinkTarget, true);
  document.addEventListener('keydown', revealForEndKey, true);
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a long reference page's sidebar and table
  // of contents are hundreds of elements); a click before it finishes is replayed by React.
  startTransition(() => {
    hydrateRoot(
      root,
      <BrowserRouter>
        <ClientApp
          site={data.site}
          routes={data.routes}
          initial={{ path: shownPath, page: data.page, sidebar: data.sidebar }}
        />
      </BrowserRouter>,
    );
  });
}

async function start(): Promise<void> {
  try {
    const data = await loadBootData(readBoot());
    setSiteBaseUrl(data.site.baseUrl);
    // On-demand content components the page uses, so hydration renders what the server did.
    await Promise.all([preloadContent(data.page.content), preloadSitePage(data.page), preloadBlogView(data.page), preloadAnnouncementBar(data.site)]);
    hideErrorBar();
    hydrate(data);
  } catch (error) {
    console.error('[docsite] The page could not start.', error);
    const message = error instanceof Error ? error.message : String(error);
    showErrorBar(`This page could not load its data: ${message}`, () => void start());
  }
}

void start();
