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

import Module, { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const file = process.argv[process.argv.length - 1];
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
Module._resolveFilename = function (request, parent, ...rest) {
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
// package cannot be known in advance and fail with Node's error).
register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  try { return await next(specifier, context); } catch (e) {
    if (e && e.code === 'ERR_MODULE_NOT_FOUND' && !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('file:')) {
      return { url: 'data:text/javascript,' + encodeURIComponent('const p=' + JSON.stringify(specifier) + ';function s(path){return new Proxy(function(){},{get(_t,k){if(k==="toJSON")return()=>({$unresolved:path});if(k==="then"||typeof k==="symbol")return undefined;return s(path+"."+String(k))},apply(){return s(path+"()")}})};globalThis.__docsiteUnresolved?.add(p);export default s(p);'), shortCircuit: true };
    }
    throw e;
  }
}`),
);
globalThis.__docsiteUnresolved = unresolved;

// Docusaurus loads its config with jiti (TypeScript on any Node, `require` and `__dirname`
// in any module). Every Docusaurus site has it installed through @docusaurus/utils: found
// from there (pnpm keeps it out of the site's own node_modules) or from the site.
function siteJiti() {
  const fromSite = createRequire(file);
  for (const from of [() => createRequire(fromSite.resolve('@docusaurus/utils')), () => fromSite]) {
    try {
      return fromSite(from().resolve('jiti'));
    } catch {
      // not installed there
    }
  }
  return null;
}

async function load() {
  if (/\.[cm]?ts$/.test(file)) {
    const jiti = siteJiti();
    if (jiti && typeof jiti.createJiti === 'function') {
      // jiti 2
      return jiti.createJiti(file, { moduleCache: false, fsCache: false, interopDefault: true }).import(file, { default: true });
    }
    const create = jiti && (typeof jiti === 'function' ? jiti : jiti.default);
    if (typeof create === 'function') {
      // jiti 1, as @docusaurus/utils's loadFreshModule calls it
      return create(file, { cache: false, requireCache: false, esmResolve: true, interopDefault: true })(file);
    }
    // Without jiti: Node's own type stripping (22.6+, started with the flag by docsite).
  }
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

try {
  let config = await load();
  if (config && config.__esModule && 'default' in config) config = config.default;
  if (typeof config === 'function') config = await config({});
  const json = JSON.stringify({ config, unresolved: [...unresolved].sort() }, describe);
  process.stdout.write(json);
} catch (e) {
  process.stderr.write(String((e && e.stack) || e));
  process.exit(1);
}
