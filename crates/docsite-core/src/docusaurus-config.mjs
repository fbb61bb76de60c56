// Evaluates a Docusaurus config file and prints it as JSON on stdout (run by docusaurus.rs:
// `node docusaurus-config.mjs <config file>`).
//
// The config is code: it may `require`/`import` packages, read the environment and export a
// function (sync or async). Packages the site has not installed (no `node_modules`) are
// replaced by stand-ins that record their name: reading or calling anything on one gives
// another stand-in, and in the JSON it becomes `{"$unresolved": "pkg.path"}`, so the keys
// that use it can be reported instead of failing the whole config. Functions become
// `{"$function": "<name>"}` and regular expressions `{"$regex": "<source>"}`.
//
// Output: `{"config": <value>, "unresolved": ["pkg", ...]}`.
//
// Imported as a module with `DOCSITE_CONFIG_LIBRARY=1` in the environment (the site code
// build, `theme/site-code.config.ts`, which needs the config's remark and rehype plugins as
// the functions they are), it prints nothing and installs no stand-ins: `loadConfig(file)`
// returns the config as Docusaurus would see it (presets expanded, locales filled in), and
// a package the site has not installed is Node's error.

import Module, { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const library = process.env.DOCSITE_CONFIG_LIBRARY === '1';
let file = process.argv[process.argv.length - 1];
const unresolved = new Set();

function standIn(path) {
  const fn = function () {};
  return new Proxy(fn, {
    get(_t, key) {
      if (key === 'toJSON') return () => ({ $unresolved: path });
      if (key === Symbol.toPrimitive) return () => `[${path}]`;
      if (key === '__esModule') return false;
      if (key === 'then') return undefined;
      if (typeof key === 'symbol') return undefined;
      return standIn(`${path}.${key}`);
    },
    apply() {
      return standIn(`${path}()`);
    },
    construct() {
      return standIn(`new ${path}()`);
    },
  });
}

// CommonJS: a package that cannot be resolved becomes a stand-in.
const resolve = Module._resolveFilename;
const standIns = new Map();
if (!library) Module._resolveFilename = function (request, parent, ...rest) {
  try {
    return resolve.call(this, request, parent, ...rest);
  } catch (e) {
    if (e && e.code === 'MODULE_NOT_FOUND' && !request.startsWith('.') && !request.startsWith('/')) {
      unresolved.add(request);
      const id = `docsite-stand-in:${request}`;
      if (!Module._cache[id]) {
        const m = new Module(id);
        m.loaded = true;
        m.exports = standIn(request);
        Module._cache[id] = m;
      }
      standIns.set(id, request);
      return id;
    }
    throw e;
  }
};

// ES modules: the same for `import` (default import only; named imports of a missing
// package cannot be known in advance and fail with Node's error). A JSON file imported
// without `with { type: 'json' }` is read as JSON, as jiti (Docusaurus's config loader)
// reads it, where Node alone refuses it.
if (!library) register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  try { return await next(specifier, context); } catch (e) {
    if (e && e.code === 'ERR_MODULE_NOT_FOUND' && !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('file:')) {
      return { url: 'data:text/javascript,' + encodeURIComponent('const p=' + JSON.stringify(specifier) + ';function s(path){return new Proxy(function(){},{get(_t,k){if(k==="toJSON")return()=>({$unresolved:path});if(k==="then"||typeof k==="symbol")return undefined;return s(path+"."+String(k))},apply(){return s(path+"()")}})};globalThis.__docsiteUnresolved?.add(p);export default s(p);'), shortCircuit: true };
    }
    throw e;
  }
}
export async function load(url, context, next) {
  if (/\\.json([?#]|$)/.test(url) && context.importAttributes?.type !== 'json') {
    return next(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
  }
  return next(url, context);
}`),
);
globalThis.__docsiteUnresolved = unresolved;

// Docusaurus loads its config with jiti (TypeScript on any Node, `require` and `__dirname`
// in any module, JSON imports). Every Docusaurus site has it installed through
// @docusaurus/utils: found from there (pnpm keeps it out of the site's own node_modules) or
// from the site.
function siteJiti() {
  // Node's own resolution, not the stand-ins above: a jiti that is not installed is none.
  const resolveFrom = (request, from) => {
    const parent = new Module(from);
    parent.filename = from;
    parent.paths = Module._nodeModulePaths(path.dirname(from));
    return resolve.call(Module, request, parent);
  };
  for (const from of [() => resolveFrom('@docusaurus/utils', file), () => file]) {
    try {
      return createRequire(file)(resolveFrom('jiti', from()));
    } catch {
      // not installed there
    }
  }
  return null;
}

// Loads the config with the site's jiti, as Docusaurus loads every config (`.js`, `.mjs`,
// `.cjs`, `.ts`, …): `require`, `__dirname` and JSON imports work in an ES module too.
function loadWithJiti(jiti) {
  if (typeof jiti.createJiti === 'function') {
    // jiti 2
    // In library mode the modules go into Node's require cache, where the site build reads
    // which of the site's files the config loaded (its plugins').
    return jiti.createJiti(file, { moduleCache: library, fsCache: false, interopDefault: true }).import(file, { default: true });
  }
  const create = typeof jiti === 'function' ? jiti : jiti.default;
  if (typeof create === 'function') {
    // jiti 1, as @docusaurus/utils's loadFreshModule calls it
    return create(file, { cache: false, requireCache: library, esmResolve: true, interopDefault: true })(file);
  }
  return undefined;
}

async function load() {
  const ts = /\.[cm]?ts$/.test(file);
  const jiti = siteJiti();
  if (jiti) {
    try {
      const config = await loadWithJiti(jiti);
      if (config !== undefined) return config;
    } catch (e) {
      // A package the site has not installed: Node's own loading below replaces it by a
      // stand-in (a TypeScript config has no other way in than jiti's).
      const missing = e && (e.code === 'MODULE_NOT_FOUND' || e.code === 'ERR_MODULE_NOT_FOUND' || /Cannot find (module|package)/.test(String(e.message)));
      if (ts || !missing) throw e;
    }
  }
  // Without jiti, a TypeScript config is read by Node's own type stripping (22.6+, started
  // with the flag by docsite).
  if (/\.(c?js)$/.test(file)) {
    try {
      return createRequire(file)(file);
    } catch (e) {
      if (!(e && (e.code === 'ERR_REQUIRE_ESM' || e instanceof SyntaxError))) throw e;
    }
  }
  const mod = await import(pathToFileURL(file).href);
  return mod.default ?? mod;
}

function describe(_key, value) {
  if (typeof value === 'function') {
    // A stand-in is a proxy over a function: its toJSON has already been used by JSON.
    return { $function: value.name || 'anonymous' };
  }
  if (value instanceof RegExp) return { $regex: value.source };
  if (typeof value === 'bigint') return value.toString();
  return value;
}

// The package names Docusaurus tries for a preset name, in its order
// (server/plugins/moduleShorthand.ts; docusaurus.rs has the same rule for every kind).
function presetNames(name) {
  if (name.startsWith('@')) {
    const slash = name.indexOf('/');
    if (slash < 0) return [`${name}/docusaurus-preset`];
    return [name, `${name.slice(0, slash)}/docusaurus-preset-${name.slice(slash + 1)}`];
  }
  return [name, `@docusaurus/preset-${name}`, `docusaurus-preset-${name}`];
}

// Where a preset name resolves from the config's folder, with Node's own resolution (not the
// stand-ins above: a preset that is not installed stays a name for docsite to report).
function resolvePreset(name) {
  const parent = new Module(file);
  parent.filename = file;
  parent.paths = Module._nodeModulePaths(path.dirname(file));
  const candidates = name.startsWith('.') || path.isAbsolute(name) ? [path.resolve(path.dirname(file), name)] : presetNames(name);
  for (const candidate of candidates) {
    try {
      return resolve.call(Module, candidate, parent);
    } catch {
      // the next name
    }
  }
  return null;
}

// Presets other than the classic one (which docsite reads from its options) are expanded
// into their plugins and themes as Docusaurus does: the preset's function is called with
// the site's context and its options, and what it returns goes before the config's own
// plugins and themes.
async function expandPresets(config) {
  if (!config || !Array.isArray(config.presets)) return config;
  const kept = [];
  const plugins = [];
  const themes = [];
  for (const entry of config.presets) {
    const [name, options] = Array.isArray(entry) ? entry : [entry, undefined];
    const resolved = typeof name === 'string' ? resolvePreset(name) : null;
    if (!resolved || /[\\/]node_modules[\\/]@docusaurus[\\/]preset-classic[\\/]/.test(resolved)) {
      kept.push(entry);
      continue;
    }
    const mod = await import(pathToFileURL(resolved).href);
    let preset = mod.default ?? mod;
    if (preset && typeof preset !== 'function' && typeof preset.default === 'function') preset = preset.default;
    if (typeof preset !== 'function') {
      kept.push(entry);
      continue;
    }
    const siteDir = path.dirname(file);
    const context = {
      siteDir,
      siteConfig: config,
      siteConfigPath: file,
      generatedFilesDir: path.join(siteDir, '.docusaurus'),
      outDir: path.join(siteDir, 'build'),
      baseUrl: config.baseUrl ?? '/',
      i18n: { defaultLocale: 'en', locales: ['en'], currentLocale: 'en', localeConfigs: {}, path: 'i18n' },
      localizationDir: path.join(siteDir, 'i18n', 'en'),
      codeTranslations: {},
    };
    const result = (await preset(context, options ?? {})) ?? {};
    plugins.push(...(result.plugins ?? []).filter(Boolean));
    themes.push(...(result.themes ?? []).filter(Boolean));
  }
  return { ...config, presets: kept, plugins: [...plugins, ...(config.plugins ?? [])], themes: [...themes, ...(config.themes ?? [])] };
}

// Each locale's defaults as Docusaurus fills them in (`loadI18n`: label, direction, htmlLang,
// path; the site's own `localeConfigs` win): from the site's `@docusaurus/core` when it has
// one, else the same rules through Node's Intl (the label is the language's name in itself,
// the direction the one Intl gives).
function localeDefaults(locale, htmlLang) {
  const parent = new Module(file);
  parent.filename = file;
  parent.paths = Module._nodeModulePaths(path.dirname(file));
  try {
    const i18n = createRequire(file)(resolve.call(Module, '@docusaurus/core/lib/server/i18n.js', parent));
    if (typeof i18n.getDefaultLocaleConfig === 'function') {
      return { path: locale, ...i18n.getDefaultLocaleConfig(locale, htmlLang) };
    }
  } catch {
    // Not installed (or another layout): the same rules below.
  }
  const tag = htmlLang ?? locale;
  let label = tag;
  for (const l of [tag, tag.split('-').slice(0, 2).join('-'), tag.split('-')[0]]) {
    try {
      const name = new Intl.DisplayNames(l, { type: 'language', fallback: 'code' }).of(l);
      if (name) {
        label = name.charAt(0).toLocaleUpperCase(tag) + name.substring(1);
        break;
      }
    } catch {
      // Not a language tag Intl knows: the next, shorter form.
    }
  }
  let direction = 'ltr';
  try {
    const l = new Intl.Locale(tag);
    direction = (l.getTextInfo?.() ?? l.textInfo)?.direction ?? 'ltr';
  } catch {
    // Not a language tag: left to right.
  }
  return { label, direction, htmlLang: tag, path: locale };
}

function withLocaleConfigs(config) {
  if (!config || typeof config !== 'object' || !config.i18n || !Array.isArray(config.i18n.locales)) return config;
  const given = config.i18n.localeConfigs ?? {};
  const localeConfigs = {};
  for (const locale of config.i18n.locales) {
    if (typeof locale !== 'string') continue;
    const own = given[locale] ?? {};
    localeConfigs[locale] = { ...localeDefaults(locale, own.htmlLang), ...own };
  }
  return { ...config, i18n: { ...config.i18n, localeConfigs } };
}

/** The config in `configFile` as Docusaurus sees it: presets expanded, locales filled in. */
export async function loadConfig(configFile) {
  file = configFile;
  let config = await load();
  if (config && config.__esModule && 'default' in config) config = config.default;
  if (typeof config === 'function') config = await config({});
  config = await expandPresets(config);
  return withLocaleConfigs(config);
}

if (!library) {
  try {
    const config = await loadConfig(file);
    const json = JSON.stringify({ config, unresolved: [...unresolved].sort() }, describe);
    // Done once the config is read, as Docusaurus's loader is: a module the config imports
    // may leave a timer or a watcher running (remark-typescript-tools does), which would keep
    // Node alive until the time limit.
    process.stdout.write(json, () => process.exit(0));
  } catch (e) {
    process.stderr.write(String((e && e.stack) || e));
    process.exit(1);
  }
}
