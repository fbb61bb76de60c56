#!/usr/bin/env node
// Validates every ```json example on the context type reference pages
// (context/ref/**/*.md) of the 2.2 and next documentation against the FDC3
// context JSON Schemas of that version.
//
//   2.2  -> site/versioned_docs/version-2.2, schemas from @finos/fdc3-context@2.2.0
//   next -> site/docs, schemas from the newest published @finos/fdc3-context
//           (installed under the alias "fdc3-context-next")
//
// How an example is checked:
//   - the fence body must parse as JSON and be an object with a string `type`;
//   - `type` selects the schema whose `type` property is a `const` of that value
//     (e.g. "fdc3.instrument" -> instrument.schema.json);
//   - an `fdc3.*` type with no schema in the package is a failure (typo or a
//     type that does not exist in that version);
//   - any other (custom, namespaced) type is checked against the base Context
//     schema (context.schema.json), the contract every context must meet.
// All schemas of the package are registered with Ajv so that `$ref`s between
// them resolve; `api.schema.json` from the matching @finos/fdc3-schema package
// is registered too, because fdc3.action refers to its AppIdentifier definition.
//
// A fence may opt out with ```json no-validate (for deliberately partial
// fragments only; avoid it).
//
// Output: one line per problem (file:line of the opening fence, version, the
// failing property path and the reason), then a closing "N passed, N failed"
// line. Exit code 1 when anything failed, 0 otherwise.

import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

const VERSIONS = [
  {
    name: '2.2',
    docsDir: 'site/versioned_docs/version-2.2',
    contextPackage: '@finos/fdc3-context',
    schemaPackage: '@finos/fdc3-schema',
  },
  {
    name: 'next',
    docsDir: 'site/docs',
    contextPackage: 'fdc3-context-next',
    schemaPackage: 'fdc3-schema-next',
  },
];

// Errata: the published npm packages (2.2.0 and 2.2.1-beta.2) still carry two
// `oneOf` compositions that the standard itself replaced by `anyOf` (the 2.2
// schemas served from fdc3.finos.org/schemas/2.2 and the repository sources
// were corrected in finos/FDC3 commits 2080e76 and 5f54622, May 2025). With
// `oneOf`, a closed time range (startTime AND endTime) and any of the four
// suggested interaction types ("Call", ...) match more than one branch and are
// rejected, which contradicts the normative text. Each correction is applied
// only while the package still contains the old keyword, and is reported.
const ERRATA = [
  {
    file: 'timeRange.schema.json',
    pointer: '',
    from: 'oneOf',
    to: 'anyOf',
    reason: 'a TimeRange may give startTime, endTime or both',
  },
  {
    file: 'interaction.schema.json',
    pointer: '/allOf/0/properties/interactionType',
    from: 'oneOf',
    to: 'anyOf',
    reason: 'interactionType accepts the four suggested values as well as any other string',
  },
];

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

// The package schemas declare draft-07 but use `unevaluatedProperties`, which
// only 2019-09 and later understand, so they are compiled as 2020-12 schemas
// (`$schema` is dropped from the in-memory copy; none of them uses the draft-07
// array form of `items`).
function prepareSchema(schema) {
  const copy = structuredClone(schema);
  delete copy.$schema;
  return copy;
}

function typeConstOf(schema) {
  const candidates = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
  for (const candidate of candidates) {
    const value = candidate?.properties?.type?.const;
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function loadVersion(version) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);

  const contextDir = path.join(packageDir(version.contextPackage), 'dist', 'schemas', 'context');
  const schemaFiles = readdirSync(contextDir).filter((f) => f.endsWith('.schema.json')).sort();
  if (schemaFiles.length === 0) {
    throw new Error(`no context schemas found in ${contextDir}`);
  }

  const notes = [];
  const byType = new Map();
  let baseContextId;

  for (const file of schemaFiles) {
    const schema = prepareSchema(JSON.parse(readFileSync(path.join(contextDir, file), 'utf8')));
    for (const erratum of ERRATA.filter((e) => e.file === file)) {
      const node = resolvePointer(schema, erratum.pointer);
      if (node && erratum.from in node && !(erratum.to in node)) {
        node[erratum.to] = node[erratum.from];
        delete node[erratum.from];
        notes.push(`${file}#${erratum.pointer || '/'}: ${erratum.from} -> ${erratum.to} (${erratum.reason})`);
      }
    }
    ajv.addSchema(schema);
    const typeName = typeConstOf(schema);
    if (typeName) {
      byType.set(typeName, schema.$id);
    } else if (file === 'context.schema.json') {
      baseContextId = schema.$id;
    }
  }
  if (!baseContextId) throw new Error(`context.schema.json missing from ${contextDir}`);

  const apiFile = path.join(packageDir(version.schemaPackage), 'dist', 'schemas', 'api', 'api.schema.json');
  ajv.addSchema(prepareSchema(JSON.parse(readFileSync(apiFile, 'utf8'))));

  const validators = new Map();
  const validatorFor = (id) => {
    if (!validators.has(id)) validators.set(id, ajv.getSchema(id));
    return validators.get(id);
  };

  return {
    label: packageLabel(version.contextPackage),
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
            noValidate: open.flags.includes('no-validate'),
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

for (const version of VERSIONS) {
  const loaded = loadVersion(version);
  for (const note of loaded.notes) console.log(`note [${version.name}] schema erratum applied: ${note}`);

  const refDir = path.join(repoRoot, version.docsDir, 'context', 'ref');
  const pages = listPages(refDir);
  if (pages.length === 0) {
    console.log(`FAIL [${version.name}] ${path.relative(repoRoot, refDir)}: no context reference pages found`);
    failed++;
    continue;
  }

  for (const page of pages) {
    const rel = path.relative(repoRoot, page);
    const fences = jsonFences(readFileSync(page, 'utf8'));
    for (const fence of fences) {
      const at = `${rel}:${fence.line}`;
      if (fence.noValidate) {
        skipped++;
        continue;
      }
      const fail = (where, message) => console.log(`FAIL ${at} [${version.name}] ${where}: ${message}`);

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

if (skipped > 0) console.log(`${skipped} example(s) marked no-validate were skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
