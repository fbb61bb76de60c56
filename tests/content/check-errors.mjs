// Checks that every error enumeration documented on a version's Errors page lists exactly the
// members of that version's Errors.ts: the same member names, in any order, and (where the page
// has a String column) the same string values. It also checks that the page documents every
// enumeration the version declares, so a new enumeration cannot be left out either.
//
// Where the declarations come from (no network):
//   - released versions: the Errors.d.ts of the published package installed in node_modules
//     (1.0 was never published as a typed package; 1.1.1 stands for it, for the enumerations
//     1.0 had);
//   - next: with --draft <git dir of github:finos/FDC3>, packages/fdc3-standard/src/api/Errors.ts
//     at the commit pinned in draft-pin.json; without it, the list DRAFT_ERRORS below, which was
//     read from that file at the pinned commit. With --draft the list itself is compared with the
//     draft too, so moving the pin without updating the list fails.
//
//   node check-errors.mjs [--draft <git dir>]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { draftPin, materialiseDraft, takeDraftArg } from './draft.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const site = path.resolve(here, '../../site');
const modules = path.join(here, 'node_modules');

/**
 * packages/fdc3-standard/src/api/Errors.ts of the pinned draft (draft-pin.json: finos/FDC3
 * bbece95f6448, 2026-08-21): enumeration -> [member, string value] pairs. Update together with
 * the pin.
 */
const DRAFT_PIN = 'bbece95f6448c35e394e0ce2bbe145c8b8065262';
const DRAFT_ERRORS = {
  AgentError: ['AgentNotFound', 'AccessDenied', 'ErrorOnConnect', 'InvalidFailover', 'ApiTimeout'],
  OpenError: ['AppNotFound', 'ErrorOnLaunch', 'AppTimeout', 'ResolverUnavailable', 'MalformedContext', 'DesktopAgentNotFound', 'ApiTimeout', 'InvalidArguments'],
  CloseError: ['ErrorOnClose', 'ApiTimeout'],
  ResolveError: [
    'NoAppsFound', 'ResolverUnavailable', ['UserCancelled', 'UserCancelledResolution'], 'ResolverTimeout', 'TargetAppUnavailable',
    'TargetInstanceUnavailable', 'IntentDeliveryFailed', 'MalformedContext', 'IntentListenerConflict', 'DesktopAgentNotFound',
    'ApiTimeout', 'InvalidArguments',
  ],
  ResultError: ['NoResultReturned', 'IntentHandlerRejected', 'ApiTimeout'],
  ChannelError: ['NoChannelFound', 'AccessDenied', 'CreationFailed', 'MalformedContext', 'ApiTimeout', 'InvalidArguments'],
  BridgingError: [['ResponseTimedOut', 'ResponseToBridgeTimedOut'], 'AgentDisconnected', 'NotConnectedToBridge', 'MalformedMessage'],
};

/**
 * Each version: the pages that document its enumerations, where its declarations are, and the
 * enumerations the pages must cover (all the declared ones unless `only` narrows them).
 */
const VERSIONS = [
  { name: 'next', pages: ['docs/api/ref/Errors.md'], declarations: null },
  { name: '2.2', pages: ['versioned_docs/version-2.2/api/ref/Errors.md'], declarations: ['@finos/fdc3-standard/dist/src/api/Errors.d.ts', 'fdc3-v2-2/node_modules/@finos/fdc3-standard/dist/src/api/Errors.d.ts'] },
  { name: '2.1', pages: ['versioned_docs/version-2.1/api/ref/Errors.md'], declarations: ['fdc3-v2-1/dist/api/Errors.d.ts'] },
  { name: '2.0', pages: ['versioned_docs/version-2.0/api/ref/Errors.md'], declarations: ['fdc3-v2-0/dist/api/Errors.d.ts'] },
  { name: '1.2', pages: ['versioned_docs/version-1.2/api/ref/Errors.md'], declarations: ['fdc3-v1-2/dist/api/Errors.d.ts'] },
  {
    name: '1.1',
    // 1.1 gives each enumeration its own reference page.
    pages: ['OpenError', 'ResolveError', 'ChannelError'].map((e) => `versioned_docs/version-1.1/api/ref/${e}.md`),
    declarations: ['fdc3-v1-1/dist/api/Errors.d.ts'],
  },
  // 1.0 had no ChannelError (channels arrived in 1.1).
  { name: '1.0', pages: ['versioned_docs/version-1.0/api/Errors.md'], declarations: ['fdc3-v1-1/dist/api/Errors.d.ts'], only: ['OpenError', 'ResolveError'] },
];

/** Enumerations declared in TypeScript source text: name -> Map(member -> string value). */
export function declaredEnums(source, fileName = 'Errors.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true);
  const enums = new Map();
  for (const statement of file.statements) {
    if (!ts.isEnumDeclaration(statement)) continue;
    const members = new Map();
    for (const m of statement.members) {
      const value = m.initializer && ts.isStringLiteralLike(m.initializer) ? m.initializer.text : null;
      members.set(m.name.getText(file), value);
    }
    enums.set(statement.name.text, members);
  }
  return enums;
}

const ENUM_HEADING = /^#{2,3}\s+`?(\w+Error)`?\s*$/;
const TITLE = /^title:\s*`?(\w+Error)`?\s*$/;
const CELL_CODE = /^`"?([^`"]+)"?`$/;

/**
 * The enumerations documented on one page: name -> { line, members: Map(member -> string value or
 * null when the table has no String column) }. An enumeration is a `## Name` heading ending in
 * "Error" (or, on a page of its own, the page title) followed by a table whose first column is
 * "Member" or "Value"; the members are that table's rows.
 */
export function documentedEnums(text) {
  const lines = text.split('\n');
  const found = new Map();
  let current = null;
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const title = i < 12 ? TITLE.exec(line) : null;
    const heading = ENUM_HEADING.exec(line);
    if (title || heading) {
      current = { name: (title ?? heading)[1], line: i + 1, members: null };
      continue;
    }
    if (/^#{1,3}\s/.test(line)) {
      current = null;
      continue;
    }
    if (!current || current.members || !/^\|\s*(Member|Value)\s*\|/.test(line)) continue;
    const header = line.split('|').slice(1, -1).map((c) => c.trim());
    const stringColumn = header.indexOf('String');
    const members = new Map();
    for (let j = i + 2; j < lines.length && lines[j].startsWith('|'); j++) {
      const cells = lines[j].split('|').slice(1, -1).map((c) => c.trim());
      const name = CELL_CODE.exec(cells[0]);
      if (!name) throw new Error(`line ${j + 1}: the first cell of a member row must be the member name in backticks`);
      const value = stringColumn >= 0 ? CELL_CODE.exec(cells[stringColumn] ?? '')?.[1] ?? cells[stringColumn] : null;
      if (members.has(name[1])) throw new Error(`line ${j + 1}: ${current.name}.${name[1]} is listed twice`);
      members.set(name[1], value);
    }
    current.members = members;
    if (found.has(current.name)) throw new Error(`line ${current.line}: ${current.name} is documented twice`);
    found.set(current.name, current);
  }
  return found;
}

/** Differences between the documented and declared enumerations, as messages. */
export function compare(documented, declared, only) {
  const problems = [];
  const expected = only ? [...declared.keys()].filter((n) => only.includes(n)) : [...declared.keys()];
  for (const name of expected) {
    if (!documented.has(name)) problems.push(`${name} is declared but not documented (no "## ${name}" section with a Member/Value table)`);
  }
  for (const [name, doc] of documented) {
    const decl = declared.get(name);
    if (!decl) {
      problems.push(`${doc.page ?? ''}:${doc.line}: ${name} is documented but not declared in this version`);
      continue;
    }
    if (!doc.members) {
      problems.push(`${doc.page ?? ''}:${doc.line}: ${name} has no Member/Value table`);
      continue;
    }
    const missing = [...decl.keys()].filter((m) => !doc.members.has(m));
    const extra = [...doc.members.keys()].filter((m) => !decl.has(m));
    if (missing.length) problems.push(`${doc.page ?? ''}:${doc.line}: ${name} lacks ${missing.join(', ')}`);
    if (extra.length) problems.push(`${doc.page ?? ''}:${doc.line}: ${name} lists ${extra.join(', ')}, which the declarations do not have`);
    for (const [member, value] of doc.members) {
      if (value !== null && decl.has(member) && decl.get(member) !== value) {
        problems.push(`${doc.page ?? ''}:${doc.line}: ${name}.${member} is documented as "${value}" but declared as "${decl.get(member)}"`);
      }
    }
  }
  return problems;
}

function draftListAsEnums() {
  const enums = new Map();
  for (const [name, members] of Object.entries(DRAFT_ERRORS)) {
    enums.set(name, new Map(members.map((m) => (Array.isArray(m) ? m : [m, m]))));
  }
  return enums;
}

function sameEnums(a, b) {
  return JSON.stringify([...a].map(([k, v]) => [k, [...v].sort()]).sort()) === JSON.stringify([...b].map(([k, v]) => [k, [...v].sort()]).sort());
}

function main() {
  const argv = process.argv.slice(2);
  let draftDir = null;
  try {
    const gitDir = takeDraftArg(argv);
    if (argv.length) throw new Error(`unknown argument '${argv[0]}' (expected --draft <git dir>)`);
    if (gitDir) draftDir = materialiseDraft(gitDir).dir;
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
  if (draftPin().commit !== DRAFT_PIN) {
    console.error(`check-errors.mjs: DRAFT_ERRORS was read at ${DRAFT_PIN.slice(0, 12)} but draft-pin.json pins ${draftPin().commit.slice(0, 12)}; update the list with the pin`);
    process.exit(1);
  }
  let failed = 0;
  for (const version of VERSIONS) {
    let declared;
    let against;
    if (version.declarations) {
      const file = version.declarations.map((p) => path.join(modules, p)).find((p) => {
        try {
          return readFileSync(p) && true;
        } catch {
          return false;
        }
      });
      if (!file) throw new Error(`${version.name}: none of ${version.declarations.join(', ')} is installed (run npm ci in tests/content)`);
      declared = declaredEnums(readFileSync(file, 'utf8'), file);
      against = path.relative(here, file);
    } else if (draftDir) {
      declared = declaredEnums(readFileSync(path.join(draftDir, 'packages/fdc3-standard/src/api/Errors.ts'), 'utf8'));
      against = `the draft's Errors.ts at finos/FDC3@${DRAFT_PIN.slice(0, 12)}`;
      if (!sameEnums(declared, draftListAsEnums())) {
        console.log(`next: DRAFT_ERRORS in check-errors.mjs differs from the draft's Errors.ts at the pin; update it`);
        failed++;
      }
    } else {
      declared = draftListAsEnums();
      against = `the list read from the draft's Errors.ts at finos/FDC3@${DRAFT_PIN.slice(0, 12)} (pass --draft <git dir> to read the draft itself)`;
    }
    const documented = new Map();
    const problems = [];
    for (const page of version.pages) {
      const rel = `site/${page}`;
      try {
        for (const [name, doc] of documentedEnums(readFileSync(path.join(site, page), 'utf8'))) {
          documented.set(name, { ...doc, page: rel });
        }
      } catch (err) {
        problems.push(`${rel}:${err.message}`);
      }
    }
    problems.push(...compare(documented, declared, version.only).map((p) => (p.startsWith('site/') ? p : `site/${version.pages[0]}: ${p}`)));
    const count = [...documented.values()].reduce((n, d) => n + (d.members?.size ?? 0), 0);
    console.log(`${version.name}: ${documented.size} error enumerations (${count} members) compared with ${against}, ${problems.length} differences`);
    for (const p of problems) console.log(`  ${p}`);
    failed += problems.length;
  }
  if (failed > 0) {
    console.error(`\n${failed} differences between the Errors pages and the declared error enumerations.`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
