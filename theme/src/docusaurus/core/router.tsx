//! `@docusaurus/router` for a site's React pages: Docusaurus re-exports react-router 5's
//! `useLocation`, `useHistory`, `Redirect` and `matchPath`; the theme runs react-router 7,
//! so these keep the version 5 shapes on top of it. Paths are full site paths, `baseUrl`
//! included (the theme's router has no basename, like Docusaurus's).
import { useEffect, useMemo } from 'react';
import { matchPath as matchPattern, useLocation, useNavigate, type Location, type To } from 'react-router';

export { useLocation };

/** A location given to `push`/`replace`: a path, or its parts. */
export type LocationDescriptor = string | { pathname?: string; search?: string; hash?: string; state?: unknown };

/** react-router 5's `history`, the parts pages use. */
export type History = {
  location: Location;
  push: (to: LocationDescriptor, state?: unknown) => void;
  replace: (to: LocationDescriptor, state?: unknown) => void;
  go: (delta: number) => void;
  goBack: () => void;
  goForward: () => void;
};

function split(to: LocationDescriptor, state: unknown): { to: To; state: unknown } {
  if (typeof to === 'string') return { to, state };
  const { state: own, ...parts } = to;
  return { to: parts, state: own ?? state };
}

export function useHistory(): History {
  const navigate = useNavigate();
  const location = useLocation();
  return useMemo(
    () => ({
      location,
      push: (to, state) => {
        const next = split(to, state);
        void navigate(next.to, { state: next.state });
      },
      replace: (to, state) => {
        const next = split(to, state);
        void navigate(next.to, { replace: true, state: next.state });
      },
      go: (delta) => void navigate(delta),
      goBack: () => void navigate(-1),
      goForward: () => void navigate(1),
    }),
    [navigate, location],
  );
}

export type RedirectProps = {
  to: LocationDescriptor;
  /** Add a history entry instead of replacing the current one. */
  push?: boolean;
};

/**
 * Goes to `to` once the page runs in the browser. The pre-rendered page (and the first
 * client render) shows a link to the target, so it works without JavaScript too.
 */
export function Redirect({ to, push = false }: RedirectProps) {
  const navigate = useNavigate();
  const target = split(to, undefined);
  const href = typeof target.to === 'string' ? target.to : `${target.to.pathname ?? ''}${target.to.search ?? ''}${target.to.hash ?? ''}`;
  useEffect(() => {
    void navigate(href, { replace: !push, state: target.state });
    // Once per target: `target.state` is a new object on every render.
  }, [href, push]);
  return (
    <p>
      <a href={href}>{href}</a>
    </p>
  );
}

/** react-router 5's match options. */
export type MatchOptions = {
  path?: string | string[];
  /** The whole path must match, not only its start. */
  exact?: boolean;
  /** Case-sensitive comparison. */
  sensitive?: boolean;
  /** Accepted for compatibility; trailing slashes are normalised by the theme anyway. */
  strict?: boolean;
};

export type Match<Params extends Record<string, string | undefined> = Record<string, string | undefined>> = {
  path: string;
  url: string;
  isExact: boolean;
  params: Params;
};

/**
 * react-router 5's `matchPath(pathname, options)`: patterns like `/users/:id`, `:id?` and a
 * final `*`. Without `exact` a pattern matches the start of the path.
 */
export function matchPath(pathname: string, options: string | string[] | MatchOptions): Match | null {
  const normalized = typeof options === 'string' || Array.isArray(options) ? { path: options } : options;
  const paths = normalized.path === undefined ? [] : Array.isArray(normalized.path) ? normalized.path : [normalized.path];
  for (const path of paths) {
    const match = matchPattern({ path, caseSensitive: normalized.sensitive ?? false, end: normalized.exact ?? false }, pathname);
    if (!match) continue;
    const url = match.pathname === '/' ? '/' : match.pathname.replace(/\/$/, '');
    return { path, url, isExact: url === (pathname === '/' ? '/' : pathname.replace(/\/$/, '')), params: match.params };
  }
  return null;
}
