#!/usr/bin/env node
// Validates every ```json example on the context type reference pages of
// every documented version against the FDC3 context JSON Schemas published
// for that version (the schemas shipped in that version's npm package).
//
//   next -> site/docs/context/ref, @finos/fdc3-context@2.2.1-beta.2
//           (alias "fdc3-context-next"; newest published, the draft has no
//           package of its own). Examples of types only the draft has are
//           marked ```json draft-only and skipped (and counted). With
//           --draft <git dir of github:finos/FDC3>, next is validated instead
//           against the draft's schemas (packages/fdc3-context/schemas/context
//           and packages/fdc3-schema/schemas/api) at the commit pinned in
//           draft-pin.json, draft-only examples included (see draft.mjs).
//   2.2  -> versioned_docs/version-2.2/context/ref, @finos/fdc3-context@2.2.0
//   2.1  -> NOT validated: no published package of FDC3 2.1 ships the context
//           schemas (@finos/fdc3 2.1.0-beta.*, 2.1.0 and 2.1.1 contain only
//           compiled code; @finos/fdc3-context starts at 2.2.0). Reported on
//           every run.
//   2.0  -> versioned_docs/version-2.0/context/ref, src/context/schemas of
//           @finos/fdc3@2.0.1 (alias "fdc3-v2-0-1"): 2.0.0 and 2.0.1 ship the
//           schemas, 2.0.2 and 2.0.3 (used for the TypeScript check) do not.
//   1.2  -> versioned_docs/version-1.2/context/ref, @finos/fdc3@1.2.0
//           src/context/schemas (alias "fdc3-v1-2")
//   1.1  -> versioned_docs/version-1.1/context/ref, @finos/fdc3@1.1.1
//           src/context/schemas (alias "fdc3-v1-1")
//   1.0  -> the JSON examples of versioned_docs/version-1.0/context-spec.md and
//           context-intro.md (1.0 has no context/ref pages), against the
//           1.1.1 schemas: FDC3 1.0 was never published to npm, and the 1.1
//           schemas cover every type the 1.0 specification shows. Reported on
//           every run.
//
// How an example is checked:
//   - the fence body must parse as JSON and be an object with a string `type`;
//   - `type` selects the schema whose `type` property is a `const` (or `enum`)
//     of that value (e.g. "fdc3.instrument" -> instrument.schema.json);
//   - an `fdc3.*` type with no schema in the package is a failure (typo or a
//     type that does not exist in that version);
//   - any other (custom, namespaced) type is checked against the base Context
//     schema (context.schema.json), the contract every context must meet.
// All schemas of the package are registered with Ajv so that `$ref`s between
// them resolve; for 2.2 and next `api.schema.json` from the matching
// @finos/fdc3-schema package is registered too, because fdc3.action refers to
// its AppIdentifier definition.
//
// A fence may opt out with ```json no-check (for deliberately partial
// fragments only; keep it rare). The older spelling `no-validate` is accepted.
//
// Output: one line per problem (file:line of the opening fence, version, the
// failing property path and the reason), then a closing "N passed, N failed"
// line. Exit code 1 when anything failed, 0 otherwise.

import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { materialiseDraft, takeDraftArg } from './draft.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

const argv = process.argv.slice(2);
let draftSource = null;
try {
  const gitDir = takeDraftArg(argv);
  if (argv.length > 0) throw new Error(`unknown argument '${argv[0]}' (expected --draft <git dir>)`);
  if (gitDir) draftSource = materialiseDraft(gitDir);
} catch (err) {
  console.error(err.message);
  process.exit(2);
}

// Errata: narrow corrections of known defects in published schemas, applied
// in memory only while the package still contains the defect, and reported on
// every run. One row per defect: the versions whose package has it, the schema
// file, the JSON pointer of the node, the defective keyword (`from`, with its
// value when only that value is wrong), what replaces it (`to`: a keyword, with
// a new value or else the old one) and why. `applyErrata` applies them.
const ERRATA = [
  // The published 2.2 packages (2.2.0 and 2.2.1-beta.2) still carry two
  // `oneOf` compositions that the standard itself replaced by `anyOf` (the
  // 2.2 schemas served from fdc3.finos.org/schemas/2.2 and the repository
  // sources were corrected in finos/FDC3 commits 2080e76 and 5f54622, May
  // 2025). With `oneOf`, a closed time range (startTime AND endTime) and any
  // of the four suggested interaction types ("Call", ...) match more than one
  // branch and are rejected, which contradicts the normative text.
  {
    versions: ['next', '2.2'],
    file: 'timeRange.schema.json',
    pointer: '',
    from: { keyword: 'oneOf' },
    to: { keyword: 'anyOf' },
    reason: 'a TimeRange may give startTime, endTime or both',
  },
  {
    versions: ['next', '2.2'],
    file: 'interaction.schema.json',
    pointer: '/allOf/0/properties/interactionType',
    from: { keyword: 'oneOf' },
    to: { keyword: 'anyOf' },
    reason: 'interactionType accepts the four suggested values as well as any other string',
  },
  // FDC3 2.0 names the time range type `fdc3.timeRange` in its normative text
  // (the list of standard types in context/spec.md and the Type section of
  // context/ref/TimeRange.md; the 2.0 pages note that the lower-case form is
  // an inconsistency, corrected to camel case in 2.1). The 2.0 schema
  // (timerange.schema.json, also the target of Chart's `range`) fixes the
  // constant to the lower-case `fdc3.timerange`, as does ContextTypes.TimeRange
  // in the 2.0 package. The erratum accepts both spellings, so examples that
  // follow the documented name validate and the package spelling still does.
  {
    versions: ['2.0'],
    file: 'timerange.schema.json',
    pointer: '/properties/type',
    from: { keyword: 'const', value: 'fdc3.timerange' },
    to: { keyword: 'enum', value: ['fdc3.timeRange', 'fdc3.timerange'] },
    reason: 'the 2.0 specification names the type fdc3.timeRange; the schema keeps the lower-case variant',
  },
];

const VERSIONS = [
  {
    name: 'next',
    docsDir: 'site/docs',
    pages: { dir: 'context/ref' },
    schemas: { package: 'fdc3-context-next', dir: 'dist/schemas/context' },
    apiSchema: { package: 'fdc3-schema-next', file: 'dist/schemas/api/api.schema.json' },
  },
  {
    name: '2.2',
    docsDir: 'site/versioned_docs/version-2.2',
    pages: { dir: 'context/ref' },
    schemas: { package: '@finos/fdc3-context', dir: 'dist/schemas/context' },
    apiSchema: { package: '@finos/fdc3-schema', file: 'dist/schemas/api/api.schema.json' },
  },
  {
    name: '2.1',
    docsDir: 'site/versioned_docs/version-2.1',
    pages: { dir: 'context/ref' },
    notValidated:
      'no published package of FDC3 2.1 ships the context JSON Schemas ' +
      '(@finos/fdc3 2.1.0 and 2.1.1 contain compiled code only; @finos/fdc3-context starts at 2.2.0)',
  },
  {
    name: '2.0',
    docsDir: 'site/versioned_docs/version-2.0',
    pages: { dir: 'context/ref' },
    schemas: { package: 'fdc3-v2-0-1', dir: 'src/context/schemas' },
    note: '@finos/fdc3 2.0.2 and 2.0.3 no longer ship schemas, so the 2.0.1 package is used',
  },
  {
    name: '1.2',
    docsDir: 'site/versioned_docs/version-1.2',
    pages: { dir: 'context/ref' },
    schemas: { package: 'fdc3-v1-2', dir: 'src/context/schemas' },
  },
  {
    name: '1.1',
    docsDir: 'site/versioned_docs/version-1.1',
    pages: { dir: 'context/ref' },
    schemas: { package: 'fdc3-v1-1', dir: 'src/context/schemas' },
  },
  {
    name: '1.0',
    docsDir: 'site/versioned_docs/version-1.0',
    pages: { files: ['context-spec.md', 'context-intro.md'] },
    schemas: { package: 'fdc3-v1-1', dir: 'src/context/schemas' },
    note:
      'FDC3 1.0 was never published to npm; its context examples (context-spec.md, context-intro.md) ' +
      'are checked against the 1.1.1 schemas, which cover every type the 1.0 specification shows',
  },
];

for (const erratum of ERRATA) {
  for (const name of erratum.versions) {
    if (!VERSIONS.some((v) => v.name === name && v.schemas)) {
      throw new Error(`erratum for ${erratum.file}: no validated version ${name}`);
    }
  }
}

function packageDir(name) {
  return path.dirname(require.resolve(`${name}/package.json`));
}

function packageLabel(name) {
  const pkg = JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8'));
  return `${pkg.name}@${pkg.version}`;
}

function resolvePointer(root, pointer) {
  if (pointer === '') return root;
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = node[key];
  }
  return node;
}

// A keyword of an erratum as the run reports it: `oneOf`, `const "fdc3.timerange"`,
// `enum ["fdc3.timeRange", "fdc3.timerange"]`.
function describeKeyword({ keyword, value }) {
  if (value === undefined) return keyword;
  const text = Array.isArray(value) ? `[${value.map((v) => JSON.stringify(v)).join(', ')}]` : JSON.stringify(value);
  return `${keyword} ${text}`;
}

// Applies the errata of `versionName` for `file` to its (in-memory) schema and
// returns a note for each one applied. A row is skipped when its node is gone,
// lacks the defective keyword or value, or already has the corrected keyword:
// the package no longer has the defect.
function applyErrata(versionName, file, schema) {
  const notes = [];
  for (const erratum of ERRATA) {
    if (erratum.file !== file || !erratum.versions.includes(versionName)) continue;
    const { from, to } = erratum;
    const node = resolvePointer(schema, erratum.pointer);
    if (!node || typeof node !== 'object' || !(from.keyword in node) || to.keyword in node) continue;
    if (from.value !== undefined && !isDeepStrictEqual(node[from.keyword], from.value)) continue;
    const value = to.value !== undefined ? structuredClone(to.value) : node[from.keyword];
    delete node[from.keyword];
    node[to.keyword] = value;
    notes.push(`${file}#${erratum.pointer || '/'}: ${describeKeyword(from)} -> ${describeKeyword(to)} (${erratum.reason})`);
  }
  return notes;
}

// The package schemas declare draft-07 but use `unevaluatedProperties`, which
// only 2019-09 and later understand, so they are compiled as 2020-12 schemas
// (`$schema` is dropped from the in-memory copy; none of them uses the draft-07
// array form of `items`).
function prepareSchema(schema) {
  const copy = structuredClone(schema);
  delete copy.$schema;
  return copy;
}

// The context type names a schema accepts: its `type` property's `const`, or
// the values of an `enum` (after an erratum), at the top level or in `allOf`.
function typeNamesOf(schema) {
  const candidates = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  for (const candidate of candidates) {
    const typeSchema = candidate?.properties?.type;
    if (typeof typeSchema?.const === 'string') return [typeSchema.const];
    if (Array.isArray(typeSchema?.enum) && typeSchema.enum.every((v) => typeof v === 'string')) return typeSchema.enum;
  }
  return [];
}

function loadVersion(version) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  const contextDir = version.schemas.package
    ? path.join(packageDir(version.schemas.package), version.schemas.dir)
    : version.schemas.dir;
  const schemaFiles = readdirSync(contextDir).filter((f) => f.endsWith('.schema.json')).sort();
  if (schemaFiles.length === 0) {
    throw new Error(`no context schemas found in ${contextDir}`);
  }

  const notes = [];
  const byType = new Map();
  let baseContextId;

  for (const file of schemaFiles) {
    const schema = prepareSchema(JSON.parse(readFileSync(path.join(contextDir, file), 'utf8')));
    notes.push(...applyErrata(version.name, file, schema));
    ajv.addSchema(schema);
    const typeNames = typeNamesOf(schema);
    for (const typeName of typeNames) byType.set(typeName, schema.$id);
    if (typeNames.length === 0 && file === 'context.schema.json') baseContextId = schema.$id;
  }
  if (!baseContextId) throw new Error(`context.schema.json missing from ${contextDir}`);

  if (version.apiSchema) {
    const apiFile = version.apiSchema.package
      ? path.join(packageDir(version.apiSchema.package), version.apiSchema.file)
      : version.apiSchema.file;
    ajv.addSchema(prepareSchema(JSON.parse(readFileSync(apiFile, 'utf8'))));
  }

  const validators = new Map();
  const validatorFor = (id) => {
    if (!validators.has(id)) validators.set(id, ajv.getSchema(id));
    return validators.get(id);
  };

  return {
    label: version.label ?? packageLabel(version.schemas.package),
    notes,
    byType,
    baseValidator: () => validatorFor(baseContextId),
    validatorForType: (typeName) => (byType.has(typeName) ? validatorFor(byType.get(typeName)) : undefined),
  };
}

function listPages(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...listPages(full));
    else if (entry.endsWith('.md')) out.push(full);
  }
  return out;
}

// The pages whose examples a version checks: every page under `pages.dir`
// (recursively) or the listed `pages.files`, relative to the version's docs.
function pagesOf(version) {
  const base = path.join(repoRoot, version.docsDir);
  if (version.pages.dir) return listPages(path.join(base, version.pages.dir));
  return version.pages.files.map((f) => path.join(base, f)).filter((f) => existsSync(f));
}

// Returns every fenced block whose info string starts with `json`.
function jsonFences(markdown) {
  const lines = markdown.split(/\r?\n/);
  const fences = [];
  let open = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!open) {
      const m = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(line);
      if (!m) continue;
      const info = m[3].trim();
      const [lang = '', ...flags] = info.split(/\s+/);
      open = { indent: m[1].length, marker: m[2], lang: lang.toLowerCase(), flags, line: i + 1, body: [] };
    } else {
      const close = new RegExp(`^\\s*${open.marker[0] === '`' ? '`' : '~'}{${open.marker.length},}\\s*$`);
      if (close.test(line)) {
        if (open.lang === 'json') {
          fences.push({
            line: open.line,
            noCheck: open.flags.includes('no-check') || open.flags.includes('no-validate'),
            draftOnly: open.flags.includes('draft-only'),
            body: open.body.map((l) => l.slice(Math.min(open.indent, l.length - l.trimStart().length))).join('\n'),
          });
        }
        open = null;
      } else {
        open.body.push(line);
      }
    }
  }
  return fences;
}

function describeError(error) {
  let where = error.instancePath || '';
  const p = error.params || {};
  if (p.missingProperty !== undefined) where += `/${p.missingProperty}`;
  if (p.additionalProperty !== undefined) where += `/${p.additionalProperty}`;
  if (p.unevaluatedProperty !== undefined) where += `/${p.unevaluatedProperty}`;
  let message = error.message || error.keyword;
  if (p.allowedValues) message += ` (${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
  else if (p.allowedValue !== undefined) message += ` (${JSON.stringify(p.allowedValue)})`;
  return { where: where || '(root)', message };
}

let passed = 0;
let failed = 0;
let skipped = 0;
let unvalidated = 0;

if (draftSource) {
  // next against the draft: its own schemas, from the pinned commit.
  const next = VERSIONS.find((v) => v.name === 'next');
  next.schemas = { dir: path.join(draftSource.dir, 'packages/fdc3-context/schemas/context') };
  next.apiSchema = { file: path.join(draftSource.dir, 'packages/fdc3-schema/schemas/api/api.schema.json') };
  next.label = `the draft's schemas at finos/FDC3@${draftSource.commit.slice(0, 12)}`;
  next.draft = true;
}

let draftOnlySkipped = 0;

for (const version of VERSIONS) {
  const pages = pagesOf(version);
  const where = version.pages.dir
    ? path.join(version.docsDir, version.pages.dir)
    : version.pages.files.map((f) => path.join(version.docsDir, f)).join(', ');
  if (pages.length === 0) {
    console.log(`FAIL [${version.name}] ${where}: no context pages found`);
    failed++;
    continue;
  }

  if (version.notValidated) {
    const count = pages.reduce((n, page) => n + jsonFences(readFileSync(page, 'utf8')).length, 0);
    console.log(`note [${version.name}] ${count} JSON example(s) in ${where} NOT validated: ${version.notValidated}`);
    unvalidated += count;
    continue;
  }

  const loaded = loadVersion(version);
  console.log(`note [${version.name}] ${where} checked against ${loaded.label}${version.note ? ` (${version.note})` : ''}`);
  for (const note of loaded.notes) console.log(`note [${version.name}] schema erratum applied: ${note}`);

  for (const page of pages) {
    const rel = path.relative(repoRoot, page);
    const fences = jsonFences(readFileSync(page, 'utf8'));
    for (const fence of fences) {
      const at = `${rel}:${fence.line}`;
      if (fence.noCheck) {
        skipped++;
        continue;
      }
      const fail = (where, message) => console.log(`FAIL ${at} [${version.name}] ${where}: ${message}`);
      if (fence.draftOnly && version.name !== 'next') {
        fail('(fence)', 'draft-only marks an example of the unreleased draft; it belongs in next only');
        failed++;
        continue;
      }
      if (fence.draftOnly && !version.draft) {
        draftOnlySkipped++;
        continue;
      }

      let example;
      try {
        example = JSON.parse(fence.body);
      } catch (err) {
        fail('(root)', `not valid JSON: ${err.message}`);
        failed++;
        continue;
      }
      if (example === null || typeof example !== 'object' || Array.isArray(example)) {
        fail('(root)', 'a context example must be a JSON object');
        failed++;
        continue;
      }
      if (typeof example.type !== 'string') {
        fail('/type', 'missing or not a string, so no schema can be chosen');
        failed++;
        continue;
      }

      let validate = loaded.validatorForType(example.type);
      if (!validate) {
        if (example.type.startsWith('fdc3.')) {
          fail('/type', `no schema for "${example.type}" in ${loaded.label}`);
          failed++;
          continue;
        }
        validate = loaded.baseValidator();
      }

      if (validate(example)) {
        passed++;
        continue;
      }
      const seen = new Set();
      for (const error of validate.errors) {
        const { where, message } = describeError(error);
        const key = `${where}\u0000${message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        fail(where, `${message} (type ${example.type}, schema ${loaded.label})`);
      }
      failed++;
    }
  }
}

if (skipped > 0) console.log(`${skipped} example(s) marked no-check were skipped`);
if (draftOnlySkipped > 0) {
  console.log(`${draftOnlySkipped} draft-only example(s) of next not validated (types only the draft has; run with --draft <git dir of finos/FDC3>)`);
}
if (unvalidated > 0) console.log(`${unvalidated} example(s) of versions without published schemas were not validated`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
