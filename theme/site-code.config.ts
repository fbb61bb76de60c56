// The parts of the Vite config that compile a Docusaurus site's own React code (its
// `src/pages` React pages and the components they import) together with the theme.
//
// The engine runs a site build with three variables (`crates/docsite-core/src/site_code.rs`):
//   DOCSITE_SITE_DIR    the site folder (`@site/` points there)
//   DOCSITE_SITE_OUT    where the client and server bundles go (`<site>/.docsite/…`)
//   DOCSITE_SITE_PAGES  a JSON list of the React pages' paths relative to the site, in the
//                       engine's route order (`src/pages/index.js`, …)
//   DOCSITE_SITE_COMPONENTS  a JSON list of the modules of the site's components its docs
//                       use (`src/components/Chart/index.js`, …)
//   DOCSITE_MDX         how the site's MDX compiles, from its config (JSON, `MdxOptions`)
// Without them (the theme's own build) the site-pages and site-components modules are empty.
//
// `@docusaurus/*` and `@theme/*` imports resolve through `src/docusaurus/modules.json` (the
// adapters onto the theme); any other id of those namespaces is an error naming the
// importing file and line, printed as a `docsite-diagnostic:` line the engine reports.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import mdx, { type Options as MdxCompileOptions } from '@mdx-js/rollup';
import remarkComment from '@slorber/remark-comment';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { parseAst, transformWithOxc, type Alias, type Plugin, type Rollup } from 'vite';

/** Id the theme imports the site's page table from (`src/app/sitePages.tsx`). */
const PAGES_ID = 'virtual:docsite-site-pages';
const RESOLVED_PAGES_ID = `\0${PAGES_ID}`;

/** The prefix of the lines the engine turns into diagnostics. */
const DIAGNOSTIC = 'docsite-diagnostic: ';

/**
 * The URL of a file the site's code imports (`import logo from './logo.svg'`): under the
 * site's base URL, which the engine knows only at build time (`--base-url`), so read at run
 * time from the global the theme sets before it loads a page's code (`sitePages.tsx`).
 * Chunks and stylesheets keep Vite's relative URLs.
 */
export const BASE_URL_GLOBAL = '__docsiteBaseUrl';

function renderBuiltUrl(filename: string, { hostType, type }: { hostType: 'js' | 'css' | 'html'; type: 'asset' | 'public' }) {
  if (hostType !== 'js' || type !== 'asset' || /\.(?:m?js|css)$/.test(filename)) return undefined;
  return { runtime: `(globalThis.${BASE_URL_GLOBAL} ?? "/") + ${JSON.stringify(filename)}` };
}

type SiteCode = {
  /** The site folder, in a site build. */
  dir: string | null;
  /** Output folder of a site build (its `client/` and `server/`). */
  outDir: string | null;
  plugins: Plugin[];
  resolve: { alias: Alias[]; dedupe: string[] };
  experimental: { renderBuiltUrl?: typeof renderBuiltUrl };
  /** Bundler options of a site build (merged into `build.rolldownOptions`). */
  rolldownOptions: { shimMissingExports?: boolean };
};

/** A file path without Vite's `?query` and `\0` prefix. */
function cleanId(id: string): string {
  return id.replace(/^\0/, '').replace(/[?#].*$/, '');
}

/** 1-based line of the first line of `file` that `matches`, or null (also for an unreadable file). */
function firstLineWhere(file: string, matches: (line: string) => boolean): number | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const index = text.split('\n').findIndex(matches);
  return index < 0 ? null : index + 1;
}

/** 1-based line of the first `'id'`/`"id"` in a file, or null. */
function lineOf(file: string, id: string): number | null {
  return firstLineWhere(file, (line) => line.includes(`'${id}'`) || line.includes(`"${id}"`) || line.includes(`\`${id}\``));
}

/** `@docusaurus/*` and `@theme/*` ids onto the adapter modules listed in modules.json. */
function docusaurusModules(themeDir: string, siteDir: string | null): Plugin {
  const folder = path.join(themeDir, 'src/docusaurus');
  const listFile = path.join(folder, 'modules.json');
  let modules: Record<string, string> | null = null;
  const table = (): Record<string, string> => {
    modules ??= existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string>) : {};
    return modules;
  };
  // Every unknown import is reported, not only the first: each resolves to an empty module
  // and the build fails at its end.
  const missing: string[] = [];
  const MISSING = '\0docsite-missing:';
  return {
    name: 'docsite:docusaurus-modules',
    enforce: 'pre',
    buildStart() {
      missing.length = 0;
    },
    load(id) {
      return id.startsWith(MISSING) ? 'export default undefined;' : null;
    },
    buildEnd() {
      if (missing.length) this.error(`the site's code imports modules docsite does not provide:\n${missing.join('\n')}`);
    },
    resolveId(id, importer) {
      if (!/^@(?:docusaurus|theme|theme-original)\//.test(id)) return null;
      const file = table()[id];
      if (file !== undefined) return path.join(folder, file);
      const from = importer ? cleanId(importer) : '(entry)';
      const line = importer ? lineOf(from, id) : null;
      const shown = siteDir && from.startsWith(siteDir + path.sep) ? path.relative(siteDir, from) : from;
      const provided = Object.keys(table()).filter((name) => name.startsWith(id.startsWith('@theme') ? '@theme/' : '@docusaurus/'));
      const message = `imports \`${id}\`, which docsite does not provide (it provides ${provided.length ? provided.join(', ') : 'none of that namespace'})`;
      process.stderr.write(`${DIAGNOSTIC}${JSON.stringify({ file: from, line, message })}\n`);
      missing.push(`${shown}${line ? `:${line}` : ''}: ${message}`);
      return `${MISSING}${id}`;
    },
  };
}

/** The table of the site's React pages: path relative to the site -> loader and manifest key. */
function sitePages(themeDir: string, siteDir: string | null, pagesFile: string | null): Plugin {
  return {
    name: 'docsite:site-pages',
    resolveId(id) {
      return id === PAGES_ID ? RESOLVED_PAGES_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_PAGES_ID) return null;
      if (!siteDir || !pagesFile) return 'export const sitePages = {};';
      const pages = JSON.parse(readFileSync(pagesFile, 'utf8')) as string[];
      const entries = pages.map((rel) => {
        const file = path.join(siteDir, rel);
        // Vite's manifest keys a module by its path relative to the root (the theme).
        const source = path.relative(themeDir, file).split(path.sep).join('/');
        return `  ${JSON.stringify(rel)}: { load: () => import(${JSON.stringify(file)}), source: ${JSON.stringify(source)} },`;
      });
      return `export const sitePages = {\n${entries.join('\n')}\n};\n`;
    },
  };
}

/**
 * `.md` and `.mdx` files compiled by MDX as Docusaurus compiles them (its `mdx-loader`:
 * every file parsed as MDX, GFM, `<!-- comments -->` dropped (`@slorber/remark-comment`, as
 * Docusaurus's default `markdown.mdx1Compat.comments`), front matter left out, `:::type Title` admonitions,
 * `{#id}` heading ids, other headings slugged by github-slugger as rehype-slug does), with
 * the theme's React as their JSX runtime: the `.mdx` a React page imports
 * (`import Intro from './intro.mdx'`), and the docs on the MDX path (`docs`: their absolute
 * paths, the modules of the components table that are Markdown files) with the partials
 * they import. Components come from `src/docusaurus/mdx.tsx` (MDX's provider): a doc
 * provides the theme's MDX components, so it and its partials render headings with direct
 * links, code blocks and admonitions as a Markdown doc does; outside a doc Docusaurus gives
 * an imported `.mdx` no MDX components (plain `<a>`, `<h2>`), and neither do we. A doc's
 * leading `# ` heading is left out: the engine puts it at the top of the page as it does for
 * a Markdown doc (the page's title).
 */
function mdxFiles(themeDir: string, siteDir: string, docs: Set<string>, options: MdxOptions, read: string[]): Plugin[] {
  const provider = path.join(themeDir, 'src/docusaurus/mdx.tsx');
  // Docusaurus's order (its mdx-loader): the site's `beforeDefault…` plugins, its own, then
  // the site's `remarkPlugins`/`rehypePlugins`.
  const compiler = (site: MarkdownPluginLists) =>
    mdx({
      include: /\.mdx?$/,
      // Docusaurus's default (`markdown.format: 'mdx'`): `.md` files are MDX too.
      format: 'mdx',
      mdxExtensions: ['.md', '.mdx'],
      jsxImportSource: 'react',
      providerImportSource: provider,
      remarkPlugins: [...site.beforeDefaultRemarkPlugins, remarkGfm, remarkComment, [remarkHeadingIds, options], [remarkDocTitle, docs], remarkPlainCodeBlocks, remarkHead, ...site.remarkPlugins],
      rehypePlugins: [...site.beforeDefaultRehypePlugins, rehypeSlug, rehypeTocExport, rehypeCodeMeta, [rehypeFenceKeys, siteDir], rehypeTables, ...site.rehypePlugins],
    }) as Plugin;
  const plain = compiler(NO_PLUGINS);
  // The compiler of each content plugin with plugins of its own, made once the config is
  // loaded (a file of its folders is compiled by it, any other by `plain`).
  let sets: Promise<{ dirs: string[]; plugin: Plugin }[]> | null = null;
  const compilerOf = async (file: string): Promise<Plugin> => {
    if (!options.sitePlugins) return plain;
    sets ??= sitePluginLists(siteDir, options.sitePlugins, read).then((lists) => lists.map(({ dirs, lists }) => ({ dirs, plugin: compiler(lists) })));
    return (await sets).find(({ dirs }) => dirs.some((dir) => file.startsWith(dir + path.sep)))?.plugin ?? plain;
  };
  let building = false;
  return [
    { name: 'docsite:mdx-source', enforce: 'pre', transform: (code, id) => (/\.mdx?$/.test(cleanId(id)) && !id.includes('?') ? { code: docusaurusSyntax(code), map: null } : null) },
    mdxHotUpdates(),
    reportingCompileErrors({
      ...plain,
      name: 'docsite:mdx',
      enforce: 'pre',
      configResolved(config) {
        building = config.command === 'build';
      },
      async transform(code, id) {
        const chosen = await compilerOf(cleanId(id));
        return (chosen.transform as (this: unknown, code: string, id: string) => Promise<Rollup.TransformResult>).call(this, code, id);
      },
      closeBundle() {
        // A module the config imports may leave a timer or a watcher running (as under
        // the engine's config evaluator): once the bundle is written, nothing keeps a
        // build alive.
        if (building && sets) setTimeout(() => process.exit(process.exitCode ?? 0), 2000).unref();
      },
    }),
  ];
}

/**
 * `docsite dev` (Vite's dev server): an edit of a `.md`/`.mdx` module reaches the open page
 * without a reload. Each compiled module accepts its own updates and hands the new module
 * to the theme (`__docsiteMdxUpdate`, set by `src/app/siteComponents.ts`), which renders
 * the islands of a doc on the MDX path again with it; a module the theme does not show as a
 * doc (a partial, an `.mdx` a React page imports) passes the update on to its importers, as
 * Vite would without it. (React Fast Refresh cannot take these modules: they export their
 * `toc` beside the component.) Not in a build.
 */
function mdxHotUpdates(): Plugin {
  return {
    name: 'docsite:mdx-hot-updates',
    apply: 'serve',
    transform(code, id) {
      const file = cleanId(id);
      if (!/\.mdx?$/.test(file) || id.includes('?')) return null;
      const accept = `\nif (import.meta.hot) import.meta.hot.accept((next) => { if (!next || !globalThis.__docsiteMdxUpdate?.(${JSON.stringify(file)}, next)) import.meta.hot.invalidate(); });\n`;
      return { code: code + accept, map: null };
    },
  };
}

/** The remark and rehype plugins a Docusaurus content plugin adds to its MDX. */
type MarkdownPluginLists = {
  beforeDefaultRemarkPlugins: PluginList;
  remarkPlugins: PluginList;
  beforeDefaultRehypePlugins: PluginList;
  rehypePlugins: PluginList;
};

/** A list of unified plugins, each a function or `[function, options]`, as MDX takes them. */
type PluginList = NonNullable<MdxCompileOptions['remarkPlugins']>;

const NO_PLUGINS: MarkdownPluginLists = { beforeDefaultRemarkPlugins: [], remarkPlugins: [], beforeDefaultRehypePlugins: [], rehypePlugins: [] };

/**
 * The site's own remark and rehype plugins (`MdxOptions.sitePlugins`): functions its
 * Docusaurus config imports, so the config is evaluated here again, by the engine's own
 * evaluator (`docusaurus-config.mjs`, written into the site's cache and named by
 * `DOCSITE_CONFIG_LOADER`), and each content plugin's lists are read at the place the engine
 * found them. A list that is missing or not a list there is an error naming the config key.
 */
async function sitePluginLists(siteDir: string, site: SitePlugins, read: string[]): Promise<{ dirs: string[]; lists: MarkdownPluginLists }[]> {
  const loader = process.env.DOCSITE_CONFIG_LOADER;
  if (!loader) throw new Error('docsite: the site has remark or rehype plugins but DOCSITE_CONFIG_LOADER names no config evaluator');
  // Docusaurus loads the config and runs its plugins in the site folder, and plugins read
  // paths relative to it (a tsconfig's type roots, `./static/…`): so do they here. Every
  // path of the build itself is absolute.
  process.chdir(siteDir);
  process.env.DOCSITE_CONFIG_LIBRARY = '1';
  const { loadConfig } = (await import(pathToFileURL(loader).href)) as { loadConfig: (file: string) => Promise<unknown> };
  const config = await loadConfig(site.config);
  // What the build read besides its modules: the config and the site's files it loaded
  // (plugins of the site's own, wherever they are), so that an edit of one makes the build
  // stale (`recordInputs`).
  read.push(site.config);
  for (const file of Object.keys(createRequire(import.meta.url).cache)) {
    if (file.startsWith(siteDir + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`)) read.push(file);
  }
  return site.sets.map(({ at, key, dirs }) => {
    let options: unknown = config;
    for (const step of at) options = field(options, step);
    const lists = { ...NO_PLUGINS };
    for (const name of Object.keys(NO_PLUGINS) as (keyof MarkdownPluginLists)[]) {
      const list = field(options, name);
      if (list === undefined) continue;
      if (!Array.isArray(list)) throw new Error(`${site.config}: \`${key}.${name}\` is not a list of remark or rehype plugins`);
      lists[name] = list as PluginList;
    }
    return { dirs, lists };
  });
}

/** The value at `key` of an object or array in the evaluated config (undefined in anything else). */
function field(value: unknown, key: string | number): unknown {
  return value != null && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
}

/** What MDX throws when a file does not compile (a `VFileMessage`). */
type CompileError = { reason?: string; message?: string; cause?: { message?: string }; line?: number; column?: number; place?: { line?: number; column?: number; start?: { line?: number; column?: number } } };

/**
 * The MDX compiler with its errors as the engine's diagnostics: a file that does not compile
 * (an expression or an `import`/`export` that is not JavaScript, an unclosed tag) is a
 * `docsite-diagnostic:` line with its file, line and column and MDX's reason, instead of
 * Vite's report of the first one. Every file is compiled (a failed one becomes an empty
 * module), so one build reports them all, then fails at its end.
 */
function reportingCompileErrors(plugin: Plugin): Plugin {
  const transform = plugin.transform as (this: unknown, code: string, id: string) => Promise<Rollup.TransformResult>;
  const failed: string[] = [];
  return {
    ...plugin,
    buildStart() {
      failed.length = 0;
    },
    buildEnd() {
      if (failed.length) this.error(`MDX could not compile:\n${failed.join('\n')}`);
    },
    async transform(code, id) {
      try {
        return await transform.call(this, code, id);
      } catch (error) {
        const e = error as CompileError;
        const start = e.place?.start ?? e.place;
        const line = e.line ?? start?.line ?? null;
        const column = e.column ?? start?.column ?? null;
        const file = cleanId(id);
        // MDX's reason, with the JavaScript parser's own when it has one (`Unexpected token`).
        const cause = e.cause?.message ? ` (${e.cause.message.replace(/\s*\(\d+:\d+\)$/, '')})` : '';
        const message = `MDX cannot compile this file: ${e.reason ?? e.message ?? String(error)}${cause}`;
        process.stderr.write(`${DIAGNOSTIC}${JSON.stringify({ file, line, column, message })}\n`);
        failed.push(`${file}${line ? `:${line}${column ? `:${column}` : ''}` : ''}: ${message}`);
        return { code: 'export default function MDXContent() { return null; }', map: null };
      }
    },
  };
}

/** Nodes of the Markdown (mdast) and HTML (hast) trees, as the plugins below read them. */
type TreeNode = {
  type: string;
  depth?: number;
  value?: string;
  tagName?: string;
  name?: string | null;
  children?: TreeNode[];
  data?: Record<string, unknown>;
  properties?: Record<string, unknown>;
  position?: { start: { line: number; column: number } };
};

function walk(node: TreeNode, visit: (node: TreeNode) => void) {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

/**
 * Docusaurus's Markdown syntax that MDX itself does not read, rewritten line for line (the
 * line numbers of MDX's errors stay the file's): the front matter becomes blank lines,
 * `:::type Title` … `:::` the `Admonition` component (`type`, `title`), and a heading's
 * `{#id}` an escaped `\{#id\}` that `remarkHeadingIds` reads. Fenced code is left alone.
 */
export function docusaurusSyntax(code: string): string {
  const lines = code.split('\n');
  let start = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, i) => i > 0 && line.trim() === '---');
    if (end > 0) {
      for (let i = 0; i <= end; i++) lines[i] = '';
      start = end + 1;
    }
  }
  let fence: string | null = null;
  // Admonitions open: one still open at the end is closed there, as Docusaurus's directive
  // parser closes it; a `:::` with none open stays text, as there.
  let open = 0;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const trimmed = line.trim();
    const marker = fenceMarker(line);
    if (fence !== null) {
      if (closes(line, fence)) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const indent = line.slice(0, line.length - line.trimStart().length);
    const admonition = /^:::+\s*([A-Za-z]+)?\s*(?:\[(.*)\]|(.*))$/.exec(trimmed);
    if (admonition) {
      const [, type, bracketed, rest] = admonition;
      const title = (bracketed ?? rest ?? '').trim();
      if (type) {
        lines[i] = `${indent}<Admonition type=${JSON.stringify(type)}${title ? ` title={${JSON.stringify(title)}}` : ''}>`;
        open++;
      } else if (open > 0) {
        lines[i] = `${indent}</Admonition>`;
        open--;
      }
      continue;
    }
    const id = /^(\s{0,3}#{1,6}\s.*?)\s*\{#([^}\s]+)\}\s*$/.exec(line);
    if (id) lines[i] = `${id[1]} \\{#${id[2]}\\}`;
  }
  for (; open > 0; open--) lines.push('', '</Admonition>');
  return lines.join('\n');
}

/** How the site's MDX compiles, from its config (`DOCSITE_MDX`, `site_code::MdxOptions`). */
export type MdxOptions = { commentHeadingIds: boolean; sitePlugins?: SitePlugins | null };

/** Where the site's own remark and rehype plugins are (`site_code::SitePlugins`). */
type SitePlugins = { config: string; sets: { at: (string | number)[]; key: string; dirs: string[] }[] };

/**
 * The id of a heading ending in one MDX comment whose first word starts with `#`
 * (`## Title {/* #id *\/}`), as Docusaurus 3.10 and later read it; undefined for anything
 * else (`{/* a *\/ /* #b *\/}`, `{x /* #b *\/}`, a comment without `#`).
 */
export function commentHeadingId(last: TreeNode | undefined): string | undefined {
  if (last?.type !== 'mdxTextExpression') return undefined;
  const program = last.data?.estree as { body?: unknown[]; comments?: { value: string }[] } | undefined;
  if (!program || program.body?.length !== 0 || program.comments?.length !== 1) return undefined;
  const first = (program.comments[0]?.value ?? '').trim().split(' ')[0] ?? '';
  return first.startsWith('#') && first.length > 1 ? first.slice(1) : undefined;
}

/**
 * A heading's explicit id, as Docusaurus's `headings` plugin finds it: a closing
 * `{/* #id *\/}` (with `commentHeadingIds`; it wins), else a closing `{#id}` (escaped by
 * `docusaurusSyntax`). The heading keeps its text without them.
 */
function remarkHeadingIds(options: MdxOptions) {
  const setId = (node: TreeNode, id: string) => {
    node.data = { ...node.data, hProperties: { ...((node.data?.hProperties as object) ?? {}), id } };
  };
  return (tree: TreeNode) =>
    walk(tree, (node) => {
      if (node.type !== 'heading') return;
      const children = node.children ?? [];
      const commentId = options.commentHeadingIds ? commentHeadingId(children.at(-1)) : undefined;
      if (commentId) {
        children.pop();
        const before = children.at(-1);
        if (before?.type === 'text') before.value = (before.value ?? '').trimEnd();
        return setId(node, commentId);
      }
      const last = children.at(-1);
      const match = last?.type === 'text' ? /\s*\{#([^}\s]+)\}$/.exec(last.value ?? '') : null;
      if (!last || !match) return;
      last.value = (last.value ?? '').slice(0, match.index);
      setId(node, match[1] ?? '');
    });
}

/**
 * `<head>` in a `.md`/`.mdx` file sets the page's head, as Docusaurus's MDX components map
 * `head` to `@docusaurus/Head`: its `<title>` and its `<meta>` tags with a `name` or
 * `property` reach the page's head (`src/docusaurus/mdx.tsx` gives `head`). MDX leaves a
 * tag written as JSX as it is (`_mdxExplicitJsx`): the mark is taken off `head` so the
 * component applies. Anything else inside is a compile error naming it, at its line.
 */
function remarkHead() {
  return (tree: TreeNode) =>
    walk(tree, (node) => {
      if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || node.name !== 'head') return;
      // Thrown as MDX's own errors are (`reportingCompileErrors` reports it at its line).
      const fail = (reason: string, at: TreeNode): never => {
        throw Object.assign(new Error(reason), { reason, line: at.position?.start.line, column: at.position?.start.column });
      };
      const tags: TreeNode[] = [];
      const collect = (child: TreeNode) => {
        if (child.type === 'paragraph') return (child.children ?? []).forEach(collect);
        if (child.type === 'text' && !(child.value ?? '').trim()) return;
        if (child.type !== 'mdxJsxFlowElement' && child.type !== 'mdxJsxTextElement') return fail(`\`<head>\` may hold \`<title>\` and \`<meta name|property content>\` only (what docsite sets in the page's head); found ${child.type === 'text' ? `the text \`${(child.value ?? '').trim()}\`` : `Markdown (${child.type})`}`, child);
        tags.push(child);
      };
      (node.children ?? []).forEach(collect);
      for (const tag of tags) {
        const attributes = ((tag as { attributes?: { name?: string }[] }).attributes ?? []).map((a) => a.name);
        const ok = tag.name === 'title' || (tag.name === 'meta' && (attributes.includes('name') || attributes.includes('property')));
        if (!ok) fail(`\`<${tag.name ?? ''}>\` in \`<head>\` is not supported: docsite sets the page's \`<title>\` and its \`<meta>\` tags with a \`name\` or \`property\` from \`<head>\``, tag);
      }
      if (node.data) delete node.data._mdxExplicitJsx;
    });
}

/** A doc's leading `# ` heading (after its imports and exports) is left out (see `mdxFiles`). */
function remarkDocTitle(docs: Set<string>) {
  return (tree: TreeNode, file: { path?: string }) => {
    if (!file.path || !docs.has(file.path)) return;
    const children = tree.children ?? [];
    const first = children.findIndex((node) => node.type !== 'mdxjsEsm');
    if (first >= 0 && children[first]?.type === 'heading' && children[first]?.depth === 1) children.splice(first, 1);
  };
}

/** The text of a hast node. */
function textOf(node: TreeNode): string {
  return node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');
}

/**
 * Tables as the engine writes them (`markdown/tables.rs`): focusable (`tabindex="0"`, a
 * scrollable region), each body cell with its column's header text as `data-label` (the
 * narrow layout's label).
 */
function rehypeTables() {
  return (tree: TreeNode) =>
    walk(tree, (node) => {
      if (node.type !== 'element' || node.tagName !== 'table') return;
      node.properties = { ...node.properties, tabIndex: 0 };
      const rows: TreeNode[] = [];
      walk(node, (n) => void (n.type === 'element' && n.tagName === 'tr' && rows.push(n)));
      const cells = (row: TreeNode) => (row.children ?? []).filter((c) => c.type === 'element' && (c.tagName === 'th' || c.tagName === 'td'));
      const header = rows.find((row) => cells(row).some((c) => c.tagName === 'th'));
      const labels = header ? cells(header).map((c) => textOf(c).trim()) : [];
      for (const row of rows) {
        cells(row).forEach((cell, i) => {
          if (cell.tagName === 'td' && labels[i]) cell.properties = { ...cell.properties, dataLabel: labels[i] };
        });
      }
    });
}

/** The inline HTML of a heading's content, as Docusaurus's `toc` gives it (`<code>`, `<strong>`, `<em>` kept, text escaped). */
function inlineHtml(node: TreeNode): string {
  if (node.type === 'text') return (node.value ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const inner = (node.children ?? []).map(inlineHtml).join('');
  return node.type === 'element' && (node.tagName === 'code' || node.tagName === 'strong' || node.tagName === 'em') ? `<${node.tagName}>${inner}</${node.tagName}>` : inner;
}

/** Whether the module's own ESM already exports `toc`. */
function exportsToc(tree: TreeNode): boolean {
  return (tree.children ?? []).some((node) => {
    if (node.type !== 'mdxjsEsm') return false;
    const body = ((node.data?.estree as { body?: unknown[] } | undefined)?.body ?? []) as { type: string; declaration?: { declarations?: { id?: { name?: string } }[] }; specifiers?: { exported?: { name?: string } }[] }[];
    return body.some((s) => s.type === 'ExportNamedDeclaration' && ((s.declaration?.declarations ?? []).some((d) => d.id?.name === 'toc') || (s.specifiers ?? []).some((x) => x.exported?.name === 'toc')));
  });
}

/**
 * Every compiled `.md`/`.mdx` exports `toc`, as Docusaurus's MDX compiler does: its Markdown
 * headings `h2`–`h6` in order, `{ value, id, level }` (`value` the heading's inline HTML, `id`
 * the one rehype-slug or `{#id}` gave it). A doc hands it to `@theme/TOCInline`
 * (`<TOCInline toc={toc} />`). Headings written as JSX are not in it (nor in Docusaurus's).
 */
function rehypeTocExport() {
  return (tree: TreeNode) => {
    if (exportsToc(tree)) return;
    const items: { value: string; id: string; level: number }[] = [];
    walk(tree, (node) => {
      const level = node.type === 'element' ? /^h([2-6])$/.exec(node.tagName ?? '')?.[1] : undefined;
      const id = node.properties?.id;
      if (level && typeof id === 'string') items.push({ value: inlineHtml(node), id, level: Number(level) });
    });
    const literal = (value: string | number) => ({ type: 'Literal', value });
    const property = (key: string, value: string | number) => ({ type: 'Property', kind: 'init', method: false, shorthand: false, computed: false, key: { type: 'Identifier', name: key }, value: literal(value) });
    const array = { type: 'ArrayExpression', elements: items.map((item) => ({ type: 'ObjectExpression', properties: [property('value', item.value), property('id', item.id), property('level', item.level)] })) };
    const declaration = { type: 'VariableDeclaration', kind: 'const', declarations: [{ type: 'VariableDeclarator', id: { type: 'Identifier', name: 'toc' }, init: array }] };
    const estree = { type: 'Program', sourceType: 'module', body: [{ type: 'ExportNamedDeclaration', declaration, specifiers: [], source: null, attributes: [] }] };
    tree.children = [...(tree.children ?? []), { type: 'mdxjsEsm', value: '', data: { estree } }];
  };
}

/** A fence's meta (`title="…"`, `{1,3}`, `showLineNumbers`) as the code element's `metastring`. */
function rehypeCodeMeta() {
  return (tree: TreeNode) =>
    walk(tree, (node) => {
      const meta = node.data?.meta;
      if (node.type === 'element' && node.tagName === 'code' && typeof meta === 'string') node.properties = { ...node.properties, metastring: meta };
    });
}

/**
 * Each fence's code element gets its key, `<file relative to the site>:<line of the opening
 * fence>` (`docsiteFence`): the doc's module receives the engine's rendering of each fence
 * under that key (`markdown/mdx_path.rs`), highlighted as on the Markdown path, and the
 * theme's `code` component shows it (`src/docusaurus/mdx.tsx`). `docusaurusSyntax` keeps
 * every line where it is, so the lines are the file's. A code block whose text is not its
 * fence's (one the site's remark or rehype plugins made or changed, which keeps the
 * fence's position) keeps its own text, shown without highlighting, and a warning says so.
 */
function rehypeFenceKeys(siteDir: string) {
  return (tree: TreeNode, file: { path?: string; value?: unknown }) => {
    if (!file.path) return;
    const rel = path.relative(siteDir, file.path).split(path.sep).join('/');
    const lines = String(file.value ?? '').split('\n');
    walk(tree, (node) => {
      if (node.type !== 'element' || node.tagName !== 'pre') return;
      const code = node.children?.find((c) => c.type === 'element' && c.tagName === 'code');
      const line = code?.position?.start.line;
      if (!code || !line) return;
      if (sameCode(textOf(code), fenceText(lines, line))) {
        code.properties = { ...code.properties, docsiteFence: `${rel}:${line}` };
      } else {
        const message = "the site's remark or rehype plugins made or changed this code block: it is shown as they left it, without highlighting (docsite highlights a doc's fences as written)";
        process.stderr.write(`${DIAGNOSTIC}${JSON.stringify({ file: file.path, line, message, severity: 'warning' })}\n`);
      }
    });
  };
}

/** The fence marker (three or more backticks or tildes) a line opens with, if any. */
function fenceMarker(line: string): string | undefined {
  return /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
}

/** Whether `line` closes the fence opened by `marker`: the same character, at least as many, nothing else. */
function closes(line: string, marker: string): boolean {
  const closing = fenceMarker(line);
  return closing !== undefined && closing[0] === marker[0] && closing.length >= marker.length && line.trim() === closing;
}

/** The content of the fence opening at 1-based `line` of `lines` (null when none opens there). */
function fenceText(lines: string[], line: number): string | null {
  const marker = fenceMarker(lines[line - 1] ?? '');
  if (!marker) return null;
  const body: string[] = [];
  for (const text of lines.slice(line)) {
    if (closes(text, marker)) break;
    body.push(text);
  }
  return body.join('\n');
}

/** Whether a code block's text is its fence's content (indentation and the last newline aside). */
function sameCode(text: string, fence: string | null): boolean {
  const normal = (s: string) => s.split('\n').map((l) => l.trim()).join('\n').trim();
  return fence !== null && normal(text) === normal(fence);
}

/** The local name a module's ESM imports `@theme/CodeBlock` as (its default import), if it does. */
function codeBlockName(tree: TreeNode): string | null {
  for (const node of tree.children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    const body = ((node.data?.estree as { body?: unknown[] } | undefined)?.body ?? []) as {
      type: string;
      source?: { value?: unknown };
      specifiers?: { type: string; local: { name: string } }[];
    }[];
    for (const statement of body) {
      if (statement.type !== 'ImportDeclaration' || statement.source?.value !== '@theme/CodeBlock') continue;
      const specifier = statement.specifiers?.find((s) => s.type === 'ImportDefaultSpecifier');
      if (specifier) return specifier.local.name;
    }
  }
  return null;
}

/**
 * `<CodeBlock>` (`@theme/CodeBlock`) with its code written in JSX shows that code as plain
 * text: the engine highlights the doc's fences before anything runs, while a JSX child is
 * known only when the page's JavaScript runs (`{`…${x}…`}`), and no highlighter ships to
 * browsers. A warning names each one (file:line), as Docusaurus would highlight it.
 */
function remarkPlainCodeBlocks() {
  return (tree: TreeNode, file: { path?: string }) => {
    const name = codeBlockName(tree);
    if (!name || !file.path) return;
    walk(tree, (node) => {
      if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || node.name !== name) return;
      const message = `\`<${name}>\` with its code written in JSX is shown as plain text, not highlighted as Docusaurus would (docsite highlights fenced code only, before the page's JavaScript runs): write the code as a fenced code block to have it highlighted`;
      process.stderr.write(`${DIAGNOSTIC}${JSON.stringify({ file: file.path, line: node.position?.start.line ?? null, message, severity: 'warning' })}\n`);
    });
  };
}

/**
 * A plain (not `.module.css`) stylesheet imported by the site's code, with or without a
 * default import (`import styles from './page.css'`): webpack, as Docusaurus configures it,
 * applies the stylesheet and gives the default import a value the page cannot use; Vite has
 * no default export for CSS. Such an import becomes a module that imports the stylesheet
 * (so it is applied, and linked by the pages that load it) and exports an empty object.
 */
function plainCss(siteDir: string): Plugin {
  const PREFIX = '\0docsite-plain-css:';
  return {
    name: 'docsite:plain-css',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (!importer || !/\.css(?:$|\?)/.test(id) || id.includes('?') || /\.module\.css$/.test(id)) return null;
      const from = cleanId(importer);
      if (!from.startsWith(siteDir + path.sep) || from.includes(`${path.sep}node_modules${path.sep}`) || /\.css$/.test(from)) return null;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      // Not ending in `.css`, or Vite would take the module for a stylesheet.
      return resolved && !resolved.external ? `${PREFIX}${resolved.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.js'.length);
      return `import ${JSON.stringify(file)};\nexport default {};\n`;
    },
  };
}

/**
 * webpack's inline loader syntax for a file's text (`import code from
 * '!!raw-loader!./example.ts'`, with which Docusaurus sites show a source file in a code
 * block): the file's text as raw-loader gives it (its default export), through Vite's
 * `?raw`. Any other inline loader is an error naming the importing file, as is a file
 * that does not exist.
 */
function inlineLoaders(): Plugin {
  return {
    name: 'docsite:inline-loaders',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      const m = /^(?:-?!{1,2})?((?:[\w@./-]+!)+)([^!]+)$/.exec(id);
      if (!m || !importer || importer.startsWith('\0')) return null;
      const from = cleanId(importer);
      const fail = (message: string): never => {
        process.stderr.write(`${DIAGNOSTIC}${JSON.stringify({ file: from, line: lineOf(from, id), message })}\n`);
        return this.error(`${from}: ${message}`);
      };
      const [, chain = '', file = ''] = m;
      const loaders = chain.split('!').filter(Boolean);
      if (loaders.length !== 1 || loaders[0] !== 'raw-loader') {
        fail(`imports \`${id}\` through webpack loaders (${loaders.join(', ')}); docsite reads only \`!!raw-loader!\` (a file's text)`);
      }
      const resolved = await this.resolve(file, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return fail(`imports \`${id}\`, but \`${file}\` is not there`);
      return `${cleanId(resolved.id)}?raw`;
    },
  };
}

/**
 * In `docsite dev` the browser loads each module itself, and an import of a name a CSS
 * module does not export stops the page from starting (a build shims it: `missingExports`).
 * So the named imports of a site file from a CSS module (`import { image1 } from
 * '../UseCases/styles.module.css'`, which the standard's site has) become reads of its
 * default export, the class-name table, as webpack gives them in Docusaurus: a class the
 * stylesheet lacks is `undefined`. Lines stay where they are.
 */
export function cssModuleNamedImports(code: string): string {
  let n = 0;
  return code.replace(/^([ \t]*)import\s+(?:([A-Za-z_$][\w$]*)\s*,\s*)?\{([^}]*)\}\s*from\s*(['"])([^'"\n]+\.module\.(?:css|scss|sass))\4\s*;?/gm, (_all, indent: string, defaultName: string | undefined, names: string, quote: string, source: string) => {
    const table = defaultName ?? `__docsiteCssModule${n++}`;
    const fields = names
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => name.replace(/\s+as\s+/, ': '));
    return `${indent}import ${table} from ${quote}${source}${quote}; const { ${fields.join(', ')} } = ${table};`;
  });
}

/**
 * In `docsite dev`, a site file mixing ES modules with CommonJS requires of packages at its
 * top level (`const React = require('react');` above `export default …`, as the standard's
 * site writes several pages and components) is read as webpack reads it in Docusaurus: each
 * such line becomes an import of the package's default export (its `module.exports`), on the
 * same line. A build bundles them as they are.
 */
export function topLevelRequires(code: string): string {
  if (!/^\s*(?:import|export)\b/m.test(code)) return code;
  let n = 0;
  return code.replace(/^(const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\(\s*(['"])([^'"./\n][^'"\n]*)\3\s*\)\s*;?[ \t]*$/gm, (_all, kind: string, name: string, quote: string, spec: string) => {
    const local = `__docsiteRequire${n++}`;
    return `import ${local} from ${quote}${spec}${quote}; ${kind} ${name} = ${local};`;
  });
}

function moduleSyntaxInDev(siteDir: string): Plugin {
  return {
    name: 'docsite:dev-module-syntax',
    apply: 'serve',
    enforce: 'pre',
    transform(code, id) {
      const file = cleanId(id);
      if (!file.startsWith(siteDir + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`) || !/\.[cm]?[jt]sx?$/.test(file)) return null;
      const out = topLevelRequires(cssModuleNamedImports(code));
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * An import of a name a module does not export (`import { image1 } from './x.module.css'`
 * where the stylesheet has no `.image1`) is `undefined` with a warning, as with webpack in
 * Docusaurus (rolldown's `shimMissingExports`, set with this plugin); each such warning is
 * a `docsite-diagnostic:` line (file, line, `"severity": "warning"`) the engine reports.
 */
function missingExports(siteDir: string): Plugin {
  const shimmed: { exporter: string; binding: string }[] = [];
  // Who imports each module, kept at the end of the build: rolldown logs the shimmed
  // exports while it writes the bundle, when the module graph is no longer at hand.
  const importers = new Map<string, string[]>();
  return {
    name: 'docsite:missing-exports',
    buildStart() {
      shimmed.length = 0;
      importers.clear();
    },
    buildEnd() {
      for (const id of this.getModuleIds()) importers.set(id, [...(this.getModuleInfo(id)?.importers ?? [])]);
    },
    onLog(_level, log) {
      const { code, exporter, binding } = log as { code?: string; exporter?: string; binding?: string };
      if (code !== 'SHIMMED_EXPORT' || !exporter || !binding) return;
      shimmed.push({ exporter, binding });
      return false;
    },
    closeBundle() {
      for (const { exporter, binding } of shimmed) {
        // The site's modules that import the name (the others import the module for
        // other names).
        const from = (importers.get(exporter) ?? [])
          .map(cleanId)
          .filter((f) => f.startsWith(siteDir + path.sep))
          .map((file) => ({ file, line: lineOfImport(file, binding) }))
          .filter(({ line }) => line !== null);
        const shown = path.relative(siteDir, exporter);
        for (const { file, line } of from.length ? from : [{ file: exporter, line: null }]) {
          const message = `imports \`${binding}\` from ${shown}, which does not export it: the value is undefined (webpack, in Docusaurus, warns the same way)`;
          process.stderr.write(`${DIAGNOSTIC}${JSON.stringify({ file, line, message, severity: 'warning' })}\n`);
        }
      }
    },
  };
}

/** 1-based line of the first line of `file` with an `import` naming `binding`, or null. */
function lineOfImport(file: string, binding: string): number | null {
  const name = new RegExp(`\\b${binding.replace(/[$]/g, '\\$')}\\b`);
  return firstLineWhere(file, (line) => /\bimport\b/.test(line) && name.test(line));
}

/**
 * Writes `inputs.json` into the build's folder: the site's files the build read (outside
 * `node_modules` and the theme), relative to the site: also those of a content folder
 * beside it (`../docs/_partial.md` of a docs folder at `path: '../docs'`). The engine
 * hashes them with `src/` to know when the build is stale, so a page that imports
 * `data/x.mdx` or `../versions.json` is rebuilt when that file changes.
 */
function recordInputs(themeDir: string, siteDir: string, outDir: string, read: string[]): Plugin {
  return {
    name: 'docsite:record-inputs',
    buildEnd() {
      // `read`: what the build read outside the module graph (the config and the site's
      // files it loaded, for the site's remark and rehype plugins).
      const files = new Set<string>(read.map((file) => path.relative(siteDir, file).split(path.sep).join('/')));
      for (const id of this.getModuleIds()) {
        const file = cleanId(id);
        if (!path.isAbsolute(file) || file.startsWith(themeDir + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`) || !existsSync(file)) continue;
        files.add(path.relative(siteDir, file).split(path.sep).join('/'));
      }
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, 'inputs.json'), `${JSON.stringify([...files].sort(), null, 1)}\n`);
    },
  };
}

/**
 * The table of the site's components that docs use (`SiteComponent` elements of the content
 * tree): path relative to the site -> loader (a dynamic import, so each is a chunk loaded
 * only by a page using it) and manifest key (for its stylesheets). Read by
 * `src/app/siteComponents.ts`.
 */
function siteComponents(themeDir: string, siteDir: string | null, componentsFile: string | null): Plugin {
  const id = 'virtual:docsite-site-components';
  // Under `docsite dev` each entry names its file too, for the hot updates of docs
  // (`mdxHotUpdates`); a build's bundle carries no path of the machine it was built on.
  let serving = false;
  return {
    name: 'docsite:site-components',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(source) {
      return source === id ? `\0${id}` : null;
    },
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      if (!siteDir || !componentsFile || !existsSync(componentsFile)) return 'export const siteComponents = {};';
      const modules = JSON.parse(readFileSync(componentsFile, 'utf8')) as string[];
      const entries = modules.map((rel) => {
        const file = path.join(siteDir, rel);
        const source = path.relative(themeDir, file).split(path.sep).join('/');
        const served = serving ? `, file: ${JSON.stringify(file)}` : '';
        return `  ${JSON.stringify(rel)}: { load: () => import(${JSON.stringify(file)}), source: ${JSON.stringify(source)}${served} },`;
      });
      // The docs' modules accept their own edits (`mdxHotUpdates`); accepting them here too
      // keeps Vite from marking this module's importers as edited, up to the theme's own
      // modules the docs import (MDX's provider), which the new module would then import
      // as new instances, with contexts of their own.
      // A doc's update the theme did not take (its module passed it on) reloads the page
      // rather than leave it as it was.
      const docs = modules.filter((rel) => /\.mdx?$/.test(rel)).map((rel) => path.join(siteDir, rel));
      const accept = serving && docs.length ? `if (import.meta.hot) import.meta.hot.accept(${JSON.stringify(docs)}, () => import.meta.hot.invalidate());\n` : '';
      return `export const siteComponents = {\n${entries.join('\n')}\n};\n${accept}`;
    },
  };
}

/**
 * The packages the site's code and docs import (`import { Tweet } from 'react-tweet'` in a
 * doc on the MDX path) come from the site's `node_modules`. Vite looks for a package from
 * the importing file's folder up; a doc of a content folder beside the site (`path:
 * '../docs'`) is not under the site, so a package it imports is looked for again from the
 * site folder, as Docusaurus's webpack does (`resolve.modules` has the site's
 * `node_modules`). A package found in neither is an error naming the importing file and the
 * import's line (a `docsite-diagnostic:` line); every one is reported, then the build fails.
 */
function sitePackages(siteDir: string): Plugin {
  const missing: string[] = [];
  const MISSING = '\0docsite-missing-package:';
  return {
    name: 'docsite:site-packages',
    buildStart() {
      missing.length = 0;
    },
    buildEnd() {
      if (missing.length) this.error(`the site's code imports packages that are not installed:\n${missing.join('\n')}`);
    },
    load(id) {
      return id.startsWith(MISSING) ? 'export default undefined;' : null;
    },
    async resolveId(id, importer, options) {
      // Only a package name (`react-tweet`, `@scope/pkg/sub`), imported by a file.
      if (!importer || importer.startsWith('\0') || !/^(?:@[\w-][\w.-]*\/)?[\w-][\w.-]*(?:\/.*)?$/.test(id)) return null;
      const from = cleanId(importer);
      if (!path.isAbsolute(from) || from.includes(`${path.sep}node_modules${path.sep}`)) return null;
      const resolved = await this.resolve(id, path.join(siteDir, 'package.json'), { ...options, skipSelf: true });
      if (resolved) return resolved;
      const name = /^(?:@[^/]+\/)?[^/]+/.exec(id)?.[0] ?? id;
      const line = lineOf(from, id);
      const message = `imports \`${id}\`, but the package \`${name}\` is not installed in the site (add it to the site's package.json dependencies and install them)`;
      process.stderr.write(`${DIAGNOSTIC}${JSON.stringify({ file: from, line, message })}\n`);
      const shown = from.startsWith(siteDir + path.sep) ? path.relative(siteDir, from) : from;
      missing.push(`${shown}${line ? `:${line}` : ''}: ${message}`);
      return `${MISSING}${id}`;
    },
  };
}

/**
 * Docusaurus sites write JSX in `.js` files: parse the site's own `.js` as JSX. Under
 * `docsite dev`'s Vite dev server (`dev-server.mjs`) Vite's own transform then adds React
 * Fast Refresh's registrations (`@vitejs/plugin-react` includes `.js`), so an edit of a page
 * or component written in `.js` is a hot update that keeps its state. A syntax error is
 * reported at its file, line and column with a code frame (Vite's error overlay in dev).
 */
function jsxInJs(siteDir: string): Plugin {
  return {
    name: 'docsite:jsx-in-js',
    enforce: 'pre',
    async transform(code, id) {
      const file = cleanId(id);
      if (!file.startsWith(siteDir + path.sep) || !/\.m?js$/.test(file) || file.includes(`${path.sep}node_modules${path.sep}`)) return null;
      try {
        const result = await transformWithOxc(code, file, { lang: 'jsx', jsx: { runtime: 'automatic' }, sourcemap: true });
        return { code: result.code, map: result.map ?? null };
      } catch (error) {
        // oxc's first error as Rollup's: its reason, file:line:column and the lines around
        // it, which Vite's error overlay (dev) and report (build) show.
        const first = (error as { errors?: { message?: string; loc?: { line: number; column: number } }[] }).errors?.[0];
        if (!first?.loc) throw error;
        // eslint-disable-next-line no-control-regex
        const reason = (first.message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0]?.replace(/^\[[A-Z_]+\]\s*/, '') ?? 'syntax error';
        const { line, column } = first.loc;
        return this.error({ message: reason, id: file, loc: { file, line, column }, frame: codeFrame(code, line, column) });
      }
    },
  };
}

/** The name [`namedPages`] gives a page's anonymous component. */
export const PAGE_COMPONENT_NAME = 'DocsitePageComponent';

/**
 * `docsite dev`: a React page whose default export is an anonymous function (`export default
 * (props) => …`, as the standard's `src/pages/community.js`) gets a name, so that React Fast
 * Refresh registers it: an edit of the page is then a hot update that keeps its state, where
 * without a name the module is no refresh boundary and the page reloads (in `docusaurus
 * start` too). Pages only: a page's default export is a component by the pages plugin's
 * contract, whereas naming another module's anonymous function would have Fast Refresh
 * take it for one. Lines stay where they were; the built code is not touched.
 */
function namedPages(siteDir: string, pagesFile: string | null): Plugin {
  const pages = new Set(pagesFile && existsSync(pagesFile) ? (JSON.parse(readFileSync(pagesFile, 'utf8')) as string[]).map((rel) => path.join(siteDir, rel)) : []);
  return {
    name: 'docsite:named-pages',
    apply: 'serve',
    enforce: 'pre',
    transform(code, id) {
      const file = cleanId(id);
      if (!pages.has(file)) return null;
      const lang = file.endsWith('.tsx') ? 'tsx' : file.endsWith('.ts') ? 'ts' : 'jsx';
      let program: ReturnType<typeof parseAst>;
      try {
        program = parseAst(code, { lang });
      } catch {
        // The syntax error is reported by the transform that compiles the file.
        return null;
      }
      const exported = program.body.find((node) => node.type === 'ExportDefaultDeclaration');
      const declaration = exported?.type === 'ExportDefaultDeclaration' ? exported.declaration : null;
      if (!exported || !declaration) return null;
      if (declaration.type === 'ArrowFunctionExpression' || (declaration.type === 'FunctionExpression' && !declaration.id)) {
        const value = code.slice(declaration.start, declaration.end);
        return { code: `${code.slice(0, exported.start)}const ${PAGE_COMPONENT_NAME} = ${value}; export default ${PAGE_COMPONENT_NAME};${code.slice(exported.end)}`, map: null };
      }
      if (declaration.type === 'FunctionDeclaration' && !declaration.id && !declaration.generator) {
        const keyword = code.indexOf('function', declaration.start) + 'function'.length;
        return { code: `${code.slice(0, keyword)} ${PAGE_COMPONENT_NAME}${code.slice(keyword)}`, map: null };
      }
      return null;
    },
  };
}

/** The lines around `line` (1-based) of `code`, numbered, with a caret under `column` (0-based). */
export function codeFrame(code: string, line: number, column: number): string {
  const lines = code.split('\n');
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(column)}^`);
  }
  return out.join('\n');
}

/**
 * The server bundle of a site build imports the theme's own run-time packages (`dependencies`
 * of its `package.json`: React, react-router, mermaid, …) from where they are installed, by
 * absolute path, instead of bundling them: the bundle lives in the site's `.docsite/`, where a
 * bare `import 'react'` would find the site's copy or none, and bundling mermaid's ~8 MB of
 * diagrams, which no page pre-renders, took most of the server build's time. Only JavaScript
 * files are left outside (a package's stylesheet is still the bundler's); the site's own
 * imports of these packages resolve as before (`dedupe`), to the same files, so the workers
 * load one React.
 */
export function themePackagesOutside(themeDir: string): Plugin {
  const manifest = JSON.parse(readFileSync(path.join(themeDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const names = Object.keys(manifest.dependencies ?? {});
  const ofTheme = (id: string) => names.some((name) => id === name || id.startsWith(`${name}/`));
  return {
    name: 'docsite:theme-packages-outside',
    apply: 'build',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (!ofTheme(id)) return null;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !/\.[cm]?js$/.test(resolved.id) || !resolved.id.includes(`${path.sep}node_modules${path.sep}`)) return null;
      return { id: resolved.id, external: 'absolute' };
    },
  };
}

/** The docs on the MDX path: the Markdown files among the components docs use (absolute paths). */
function mdxDocs(siteDir: string, componentsFile: string | null): Set<string> {
  if (!componentsFile || !existsSync(componentsFile)) return new Set();
  const modules = JSON.parse(readFileSync(componentsFile, 'utf8')) as string[];
  return new Set(modules.filter((rel) => /\.mdx?$/.test(rel)).map((rel) => path.join(siteDir, rel)));
}

export function siteCode(themeDir: string): SiteCode {
  const dir = process.env.DOCSITE_SITE_DIR ? path.resolve(process.env.DOCSITE_SITE_DIR) : null;
  const outDir = dir && process.env.DOCSITE_SITE_OUT ? path.resolve(process.env.DOCSITE_SITE_OUT) : null;
  const pagesFile = dir ? (process.env.DOCSITE_SITE_PAGES ?? null) : null;
  const componentsFile = dir ? (process.env.DOCSITE_SITE_COMPONENTS ?? null) : null;
  // The files the site's plugins came from, once the MDX compiler has loaded them.
  const configInputs: string[] = [];
  const mdxOptions: MdxOptions = { commentHeadingIds: true, ...(JSON.parse(process.env.DOCSITE_MDX || '{}') as Partial<MdxOptions>) };
  return {
    dir,
    outDir,
    plugins: [sitePages(themeDir, dir, pagesFile), siteComponents(themeDir, dir, componentsFile), docusaurusModules(themeDir, dir), ...(dir ? [inlineLoaders(), namedPages(dir, pagesFile), jsxInJs(dir), ...mdxFiles(themeDir, dir, mdxDocs(dir, componentsFile), mdxOptions, configInputs), plainCss(dir), missingExports(dir), moduleSyntaxInDev(dir), sitePackages(dir)] : []), ...(dir && outDir ? [recordInputs(themeDir, dir, outDir, configInputs)] : [])],
    resolve: {
      alias: dir ? [{ find: /^@site\//, replacement: `${dir}/` }] : [],
      // The site's code uses the theme's React (one copy of React, one of the router).
      dedupe: ['react', 'react-dom', 'react-router'],
    },
    experimental: dir ? { renderBuiltUrl } : {},
    rolldownOptions: dir ? { shimMissingExports: true } : {},
  };
}
