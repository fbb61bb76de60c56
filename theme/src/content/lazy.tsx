//! Content components that live in chunks of their own: the site pages' hero, cards,
//! community showcase and users grid. A doc page never loads them; a site page links only
//! the stylesheets of the components it shows (see `entry-server.tsx`).
//!
//! A page whose content uses one is rendered by React as a whole (`ReactContent`: the
//! React content renderer, `Nodes.tsx`, is itself a chunk loaded with them); every other
//! article is static HTML with islands (`Article.tsx`).
//!
//! A chunk is loaded *before* a page that uses it renders: the server bundle loads them all
//! at import (`entry-server.tsx`), the client before hydrating (`entry-client.tsx`) and
//! before showing a page it navigated to (`loadRoute`). A component whose chunk is loaded
//! renders synchronously (its `lazy()` resolves at once), so the pre-rendered markup and the
//! first client render are identical. Were it not loaded, its Suspense boundary shows nothing
//! until it is.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { Node } from '../generated/contract';
import type { ContentComponentProps } from './components';
import { loadOnce } from '../lib/loadOnce';

/**
 * Props of the on-demand components: their element and the content renderer, handed in
 * rather than imported, so their chunks import nothing of the renderer's module graph
 * (which would make the bundler split that graph out of the entry into an extra chunk).
 */
export type SiteComponentProps = ContentComponentProps & {
  Nodes: (props: { nodes: readonly Node[] | undefined }) => ReactNode;
};

type Loaded = ComponentType<SiteComponentProps>;

/**
 * The content renderer, set when its chunk loads (`rendererChunk`).
 */
let renderer: SiteComponentProps['Nodes'] = () => null;

export function setContentRenderer(nodes: SiteComponentProps['Nodes']): void {
  renderer = nodes;
}

/** The chunk of the home page's components (one dynamic import: one list of its files). */
const home = () => import('./home');

/** Element name -> how to load it. */
export const LAZY_COMPONENTS = {
  Hero: () => home().then((m) => m.Hero),
  CardGrid: () => home().then((m) => m.CardGrid),
  Card: () => home().then((m) => m.Card),
  UserGrid: () => home().then((m) => m.UserGrid),
  Showcase: () => import('../components/Showcase').then((m) => m.Showcase),
  SearchPage: () => import('../components/SearchPage').then((m) => m.SearchPageContent),
} satisfies Record<string, () => Promise<Loaded>>;

export type LazyComponentName = keyof typeof LAZY_COMPONENTS;

const loaded = new Map<LazyComponentName, Loaded>();
const pending = new Map<LazyComponentName, Promise<Loaded>>();

function isLazyName(t: string): t is LazyComponentName {
  return Object.hasOwn(LAZY_COMPONENTS, t);
}

/** Loads one component's chunk once; a failed load may be retried. */
export function loadComponent(name: LazyComponentName): Promise<Loaded> {
  const done = loaded.get(name);
  if (done) return Promise.resolve(done);
  let promise = pending.get(name);
  if (!promise) {
    promise = LAZY_COMPONENTS[name]().then(
      (component) => {
        loaded.set(name, component);
        return component;
      },
      (error: unknown) => {
        pending.delete(name);
        throw error;
      },
    );
    pending.set(name, promise);
  }
  return promise;
}

/** The on-demand components a content tree uses. */
export function lazyComponentsIn(nodes: readonly Node[] | undefined, found = new Set<LazyComponentName>()): Set<LazyComponentName> {
  for (const node of nodes ?? []) {
    if (typeof node === 'string') continue;
    if (isLazyName(node.t)) found.add(node.t);
    lazyComponentsIn(node.c, found);
  }
  return found;
}

/** Whether React renders this content (it uses an on-demand component), not `Article`. */
export function usesReactContent(nodes: readonly Node[] | undefined): boolean {
  return lazyComponentsIn(nodes).size > 0;
}

/** The React content renderer's chunk, handed the on-demand components once it loads. */
const rendererChunk = loadOnce(() =>
  import('./Nodes').then((module) => {
    // The renderer imports nothing of this module (see `registerContentComponents`).
    module.registerContentComponents(lazyComponents);
    setContentRenderer(module.Nodes);
    return module.Nodes;
  }),
);

/** Loads every chunk the content needs; resolves at once when there is none. */
export async function preloadContent(nodes: readonly Node[] | undefined): Promise<void> {
  const names = [...lazyComponentsIn(nodes)];
  if (names.length === 0) return;
  await Promise.all([rendererChunk.load(), ...names.map(loadComponent)]);
}

/** Loads every on-demand component and the React renderer (the server renders any page). */
export async function preloadAllContent(): Promise<void> {
  await Promise.all([rendererChunk.load(), ...(Object.keys(LAZY_COMPONENTS) as LazyComponentName[]).map(loadComponent)]);
}

/** A thenable that calls back synchronously, so `lazy()` resolves during the render. */
function settled<T>(value: T): PromiseLike<T> {
  return {
    then<R1 = T, R2 = never>(onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null): PromiseLike<R1 | R2> {
      return settled(onFulfilled ? (onFulfilled(value) as R1) : (value as unknown as R1));
    },
  };
}

function lazyComponent(name: LazyComponentName): ComponentType<ContentComponentProps> {
  const Lazy = lazy<Loaded>(() => {
    const done = loaded.get(name);
    return (done ? settled({ default: done }) : loadComponent(name).then((component) => ({ default: component }))) as Promise<{
      default: Loaded;
    }>;
  });
  function OnDemand({ node }: ContentComponentProps) {
    return (
      <Suspense fallback={null}>
        <Lazy node={node} Nodes={renderer} />
      </Suspense>
    );
  }
  OnDemand.displayName = `OnDemand(${name})`;
  return OnDemand;
}

/** Registry entries of the on-demand components. */
export const lazyComponents = Object.fromEntries(
  (Object.keys(LAZY_COMPONENTS) as LazyComponentName[]).map((name) => [name, lazyComponent(name)]),
) as Record<LazyComponentName, ComponentType<ContentComponentProps>>;

const LazyRenderer = lazy<SiteComponentProps['Nodes']>(
  () =>
    (rendererChunk.current()
      ? settled({ default: (props: { nodes: readonly Node[] | undefined }) => renderer(props) })
      : rendererChunk.load().then(() => ({ default: (props: { nodes: readonly Node[] | undefined }) => renderer(props) }))) as Promise<{
      default: SiteComponentProps['Nodes'];
    }>,
);

/**
 * Content rendered by React (pages with on-demand components, the search page). Its
 * renderer is loaded with those components (`preloadContent`), so this renders at once.
 */
export function ReactContent({ nodes }: { nodes: readonly Node[] | undefined }) {
  return (
    <Suspense fallback={null}>
      <LazyRenderer nodes={nodes} />
    </Suspense>
  );
}
