//! Page views for Google Analytics (gtag.js) on client-side navigation. The page head
//! defines `gtag` and loads gtag.js only when `[gtag]` is configured (the initial page
//! view comes from its `config` call); this module is imported on the first navigation
//! after that, so sites without analytics never download it.

type Gtag = (...args: unknown[]) => void;

/** Reports the page now shown at `url` (path, query and hash). */
export function trackPageView(url: string): void {
  const gtag = (window as Window & { gtag?: Gtag }).gtag;
  // Blocked by an extension, or removed: analytics must never break navigation.
  if (typeof gtag !== 'function') return;
  gtag('set', 'page_path', url);
  gtag('event', 'page_view', { page_title: document.title, page_location: window.location.href, page_path: url });
}
