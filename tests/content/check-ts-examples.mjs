// Type-checks every ```ts / ```typescript fence of the documentation against the @finos/fdc3
// package of the fence's version (CONTENT.md). Each fence is compiled as its own module with a
// shared prelude in which `fdc3` is a DesktopAgent and every export of the package is a global
// name, so an example may import what it uses (readers copy those lines) or rely on the prelude.
// A fence marked ```ts no-check is a deliberate fragment and is skipped.
//
// `next` documents the standard's unpublished draft. Without --draft it is checked against the
// newest published package (@finos/fdc3 2.2.0), and fences marked ```ts draft-only (examples of
// members the draft adds) are skipped and counted. With --draft <git dir of github:finos/FDC3>
// every fence of `next`, draft-only ones included, is checked against the draft's own TypeScript
// sources at the commit pinned in draft-pin.json (see draft.mjs); nothing is installed or kept.
// `draft-only` is an error outside `next`.
//
//   node check-ts-examples.mjs [--version 2.2] [--file <path substring>] [--draft <git dir>]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { materialiseDraft, takeDraftArg } from './draft.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const site = path.resolve(here, '../../site');

/** Each documented version, where its pages live and which published package it is checked against. */
const VERSIONS = [
  { name: 'next', dir: 'docs', pkg: 'fdc3-v2-2' },
  { name: '2.2', dir: 'versioned_docs/version-2.2', pkg: 'fdc3-v2-2' },
  { name: '2.1', dir: 'versioned_docs/version-2.1', pkg: 'fdc3-v2-1' },
  { name: '2.0', dir: 'versioned_docs/version-2.0', pkg: 'fdc3-v2-0' },
  { name: '1.2', dir: 'versioned_docs/version-1.2', pkg: 'fdc3-v1-2' },
  { name: '1.1', dir: 'versioned_docs/version-1.1', pkg: 'fdc3-v1-1' },
  // 1.0 was never published as a typed package; 1.1.1 is its closest declaration set.
  { name: '1.0', dir: 'versioned_docs/version-1.0', pkg: 'fdc3-v1-1' },
];

const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)(.*)$/;
const CHECKED_LANGS = new Set(['ts', 'typescript']);

function parseArgs(argv) {
  argv = [...argv];
  let draft;
  try {
    draft = takeDraftArg(argv);
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
  const args = { versions: null, file: null, draft };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--version') args.versions = [argv[++i]];
    else if (a === '--file') args.file = argv[++i];
    else {
      console.error(`unknown argument '${a}' (expected --version <v>, --file <substring> or --draft <git dir>)`);
      process.exit(2);
    }
  }
  return args;
}

function markdownFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...markdownFiles(full));
    else if (/\.mdx?$/.test(entry)) out.push(full);
  }
  return out.sort();
}

/** The checked fences of one Markdown file: { line (1-based line of the first code line), code }. */
export function extractFences(text) {
  const lines = text.split('\n');
  const fences = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]);
    if (!open) continue;
    const [, indent, marker, lang, meta] = open;
    const close = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j])) j++;
    if (CHECKED_LANGS.has(lang.toLowerCase()) && !/\bno-check\b/.test(meta)) {
      const body = lines.slice(i + 1, j).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()));
      fences.push({ line: i + 2, code: body.join('\n'), draftOnly: /\bdraft-only\b/.test(meta) });
    }
    i = j;
  }
  return fences;
}

function compilerOptions(pkgDir, draft) {
  const paths = draft
    ? {
        '@finos/fdc3': [draft.entry],
        '@finos/fdc3-standard': [path.join(draft.dir, 'packages/fdc3-standard/src/index.ts')],
        '@finos/fdc3-context': [path.join(draft.dir, 'packages/fdc3-context/src/index.ts')],
        '@finos/fdc3-security': [draft.securityEntry],
      }
    : { '@finos/fdc3': [pkgDir] };
  return {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    noUnusedLocals: false,
    paths,
  };
}

/** A compiler host that serves the virtual files from memory and everything else from disk. */
function hostWith(options, virtual) {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    virtual.has(name) ? ts.createSourceFile(name, virtual.get(name), lang, true) : getSourceFile(name, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => virtual.has(name) || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => virtual.get(name) ?? readFile(name);
  return host;
}

/** Builds the prelude: `fdc3` plus every export of the package that does not clash with a DOM/ES global. */
function prelude(options, root, base) {
  const probe = path.join(root, '__probe.ts');
  const virtual = new Map([...base, [probe, "import * as F from '@finos/fdc3';\nexport { F };\n"]]);
  const program = ts.createProgram([probe], options, hostWith(options, virtual));
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe);
  const problems = ts.getPreEmitDiagnostics(program, source);
  if (problems.length > 0) {
    throw new Error(`cannot load the package for ${root}: ${ts.flattenDiagnosticMessageText(problems[0].messageText, '\n')}`);
  }
  const globals = new Set(checker.getSymbolsInScope(source, ts.SymbolFlags.Value | ts.SymbolFlags.Type).map((s) => s.name));
  const moduleSymbol = checker.getSymbolAtLocation(source.statements[0].moduleSpecifier);
  const names = checker
    .getExportsOfModule(moduleSymbol)
    .map((s) => s.name)
    .filter((n) => n !== 'default' && n !== 'fdc3' && !globals.has(n))
    .sort();
  const body = names.map((n) => `  export import ${n} = F.${n};`).join('\n');
  return `import * as F from '@finos/fdc3';\ndeclare global {\n  const fdc3: F.DesktopAgent;\n${body}\n}\nexport {};\n`;
}

/**
 * The module that stands for `@finos/fdc3` when checking against the draft. It re-exports what
 * the draft's packages/fdc3/src/index.ts re-exports (context types, the standard's API, the
 * schema-generated message types), and declares `getAgent` and `fdc3Ready` by their types only,
 * so that the get-agent implementation and its dependencies are not needed.
 */
function draftEntry(dir) {
  const generated = (p) => JSON.stringify(path.join(dir, 'packages/fdc3-schema/generated', p));
  return [
    "import type { DesktopAgent, GetAgentType } from '@finos/fdc3-standard';",
    "import { AppIdentifier } from '@finos/fdc3-standard';",
    "export * from '@finos/fdc3-context';",
    "export * from '@finos/fdc3-standard';",
    'export { AppIdentifier };',
    `export * as BrowserTypes from ${generated('api/BrowserTypes')};`,
    `export * as BridgingTypes from ${generated('bridging/BridgingTypes')};`,
    'export declare const getAgent: GetAgentType;',
    'export declare function fdc3Ready(waitForMs?: number): Promise<DesktopAgent>;',
    '',
  ].join('\n');
}

/**
 * The module that stands for `@finos/fdc3-security` (the draft's reference security package)
 * when checking against the draft: the interfaces and types its Security & Identity page
 * documents. The package's index also re-exports the jose-, WebSocket- and Node-based
 * implementations, whose dependencies are not available here, so only these modules are used.
 */
function draftSecurityEntry(dir) {
  const src = (p) => JSON.stringify(path.join(dir, 'packages/fdc3-security/src', p));
  return [
    'impl/ContextVerificationMetadata.ts',
    'impl/FDC3SecurityAlgorithms.ts',
    'impl/FDC3SecurityTimeLimits.ts',
    'impl/FDC3UserClaims.ts',
    'impl/AntiReplayChecker.ts',
    'impl/PublicFDC3Security.ts',
    'impl/PrivateFDC3Security.ts',
    'secure-boundary/FDC3Handlers.ts',
  ]
    .map((p) => `export * from ${src(p.replace(/\.ts$/, '.js'))};`)
    .concat('')
    .join('\n');
}

function checkVersion(version, fileFilter, draftDir) {
  const pagesDir = path.join(site, version.dir);
  let files;
  try {
    files = markdownFiles(pagesDir);
  } catch {
    return { fences: 0, failures: [] };
  }
  if (fileFilter) files = files.filter((f) => f.includes(fileFilter));
  const pkgDir = path.join(here, 'node_modules', version.pkg);
  const root = path.join(here, '.ts-examples', version.name);
  const virtual = new Map();
  const draft =
    version.name === 'next' && draftDir
      ? { dir: draftDir, entry: path.join(root, 'fdc3-draft-entry.ts'), securityEntry: path.join(root, 'fdc3-security-draft-entry.ts') }
      : null;
  if (draft) {
    virtual.set(draft.entry, draftEntry(draftDir));
    virtual.set(draft.securityEntry, draftSecurityEntry(draftDir));
  }
  const options = compilerOptions(pkgDir, draft);
  const origin = new Map();
  const failures = [];
  let draftOnlySkipped = 0;
  const preludeFile = path.join(root, 'prelude.d.ts');
  virtual.set(preludeFile, prelude(options, root, virtual));
  for (const file of files) {
    const rel = path.relative(site, file);
    for (const fence of extractFences(readFileSync(file, 'utf8'))) {
      if (fence.draftOnly && version.name !== 'next') {
        failures.push(`site/${rel}:${fence.line - 1}: draft-only marks an example of the unreleased draft; it belongs in next only`);
        continue;
      }
      if (fence.draftOnly && !draft) {
        draftOnlySkipped++;
        continue;
      }
      const name = path.join(root, `${rel.replace(/[^\w.-]+/g, '_')}__${fence.line}.ts`);
      // `export {}` makes every fence its own module, so names never collide between fences.
      virtual.set(name, `${fence.code}\nexport {};\n`);
      origin.set(name, { rel, line: fence.line });
    }
  }
  const program = ts.createProgram([...virtual.keys()], options, hostWith(options, virtual));
  let draftSourceProblems = 0;
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n    ');
    const where = d.file && origin.get(d.file.fileName);
    if (!where && draft && d.file && d.file.fileName.startsWith(draft.dir + path.sep)) {
      // The draft's own sources under our compiler options: reported, not our examples' fault.
      draftSourceProblems++;
      continue;
    }
    if (!where) {
      failures.push(`${d.file ? d.file.fileName : '(options)'}: TS${d.code}: ${message}`);
      continue;
    }
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    failures.push(`site/${where.rel}:${where.line + line}:${character + 1}: TS${d.code}: ${message}`);
  }
  return { fences: origin.size, failures, draftOnlySkipped, draftSourceProblems, draft };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const selected = args.versions ? VERSIONS.filter((v) => args.versions.includes(v.name)) : VERSIONS;
  if (selected.length === 0) {
    console.error(`unknown version '${args.versions}'; known: ${VERSIONS.map((v) => v.name).join(', ')}`);
    process.exit(2);
  }
  let draftSource = null;
  if (args.draft) {
    try {
      draftSource = materialiseDraft(args.draft);
    } catch (err) {
      console.error(err.message);
      process.exit(2);
    }
  }
  let failed = 0;
  for (const version of selected) {
    const { fences, failures, draftOnlySkipped, draftSourceProblems, draft } = checkVersion(version, args.file, draftSource?.dir);
    const pkg = JSON.parse(readFileSync(path.join(here, 'node_modules', version.pkg, 'package.json'), 'utf8'));
    const against = draft
      ? `the draft's sources at finos/FDC3@${draftSource.commit.slice(0, 12)} (${draftSource.pin.packages})`
      : `${pkg.name}@${pkg.version}`;
    console.log(`${version.name}: ${fences} TypeScript examples checked against ${against}, ${failures.length} errors`);
    if (draftOnlySkipped > 0) {
      console.log(`  ${draftOnlySkipped} draft-only examples not checked (they use members only the draft has; run with --draft <git dir of finos/FDC3>)`);
    }
    if (draftSourceProblems > 0) {
      console.log(`  note: ${draftSourceProblems} diagnostics inside the draft's own sources under these compiler options (not counted)`);
    }
    for (const f of failures) console.log(`  ${f}`);
    failed += failures.length;
  }
  if (failed > 0) {
    console.error(`\n${failed} type errors in TypeScript examples. Fix the example, or mark a deliberate fragment with \`\`\`ts no-check.`);
    process.exit(1);
  }
}

main();
