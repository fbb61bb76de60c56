// docsite dev: live reload. Served as a same-origin file (the pages' Content-Security-Policy
// allows no inline script). The server's event stream says which routes changed:
//   event: reload   data: {"routes":["/docs/a", ...]} or {"routes":"*"}
//   event: failed   (the last build failed: every page shows the error)
// A page whose route changed reloads itself and comes back at the same scroll position.
(() => {
  const script = document.currentScript;
  const events = new URL('events', script ? script.src : location.href);
  // Events since this page's navigation started are replayed: a save between the page's
  // request and this subscription is not missed.
  events.searchParams.set('since', String(Math.floor(performance.timeOrigin)));
  const key = `docsite-dev-scroll:${location.pathname}`;

  const saved = sessionStorage.getItem(key);
  if (saved !== null) {
    sessionStorage.removeItem(key);
    const [x, y] = saved.split(',').map(Number);
    // With every block of the article laid out for good first (until the theme reveals
    // them, blocks are laid out only near the viewport: its `lib/reveal.ts`); otherwise
    // the position would land on other content.
    const restore = () => {
      for (const block of document.querySelectorAll('[data-article] > *, [data-article] .code-block')) block.setAttribute('data-laid-out', '');
      window.scrollTo(x, y);
    };
    // Once the document is laid out, and again after the theme has hydrated and settled.
    if (document.readyState === 'complete') restore();
    else addEventListener('load', restore, { once: true });
    addEventListener('load', () => requestAnimationFrame(() => setTimeout(restore, 0)), { once: true });
  }

  const showsError = document.documentElement.hasAttribute('data-docsite-dev-error');
  const reload = () => {
    // The error screen's own scroll position is not worth keeping.
    if (!showsError) sessionStorage.setItem(key, `${Math.round(scrollX)},${Math.round(scrollY)}`);
    location.reload();
  };
  const normal = (path) => path.replace(/\/+$/, '') || '/';

  const source = new EventSource(events);
  source.addEventListener('reload', (event) => {
    let routes = '*';
    try {
      routes = JSON.parse(event.data).routes;
    } catch {
      // Anything unreadable reloads.
    }
    const here = normal(location.pathname);
    if (showsError || routes === '*' || routes.some((route) => normal(route) === here)) reload();
  });
  // A failed build: show its error (again, if it changed).
  source.addEventListener('failed', reload);
})();
