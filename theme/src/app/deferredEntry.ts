//! How the template holds back the theme's JavaScript until the page has painted. The
//! theme's build writes the entry `<script>` and its module preloads with these inert
//! names (`vite.config.ts`, `deferEntry`), which the browser neither fetches nor runs; the
//! page's inline head script (`headScripts.ts`, `startAfterFirstPaint`) turns them into
//! the real ones once the first contentful paint is on screen. Plain constants, imported
//! by the Vite config too.

/** `type` of the entry `<script>` until it is started. */
export const DEFERRED_MODULE_TYPE = 'docsite/module';
/** `rel` of a module preload `<link>` until the entry is started. */
export const DEFERRED_PRELOAD_REL = 'docsite-modulepreload';
/** How long after `load` the entry starts if the browser never reports a paint (ms). */
export const START_FALLBACK_MS = 2000;
