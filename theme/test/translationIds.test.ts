// The theme's strings use Docusaurus's ids with Docusaurus's English text, so a site's
// `code.json` and `@docusaurus/theme-translations` translate them as in Docusaurus; the few
// strings Docusaurus has no id for are `docsite.*`. Reads every `t(id, message)`,
// `<Translated id message>` and `tPlural(id, message)` of the theme's sources.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const base = path.join(path.dirname(require.resolve('@docusaurus/theme-translations/package.json')), 'locales/base');
const docusaurus: Record<string, string> = Object.assign(
  {},
  ...['theme-common.json', 'theme-search-algolia.json'].map((file) => JSON.parse(fs.readFileSync(path.join(base, file), 'utf8'))),
);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every [id, English message] the sources give, with the file. */
function uses(): { file: string; id: string; message: string }[] {
  const src = path.join(__dirname, '../src');
  // A quoted message (`'…'` or `"…"`); an element's may also be `{'…'}`.
  const quoted = String.raw`'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"`;
  const call = new RegExp(String.raw`\b(?:t|tPlural)\(\s*'([\w.]+)'\s*,\s*(?:` + quoted + ')', 'g');
  const element = new RegExp(String.raw`<Translated\s+id="([\w.]+)"\s+message=(?:` + quoted + String.raw`|\{'((?:[^'\\]|\\.)*)'\})`, 'g');
  const found: { file: string; id: string; message: string }[] = [];
  for (const file of sources(src)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(call)) if (m[1]) found.push({ file, id: m[1], message: (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1') });
    for (const m of text.matchAll(element)) found.push({ file, id: m[1]!, message: (m[2] ?? m[3] ?? m[4] ?? '').replace(/\\(.)/g, '$1') });
  }
  return found;
}

describe('theme translation ids', () => {
  const all = uses();

  it('finds the strings of the theme', () => {
    expect(all.length).toBeGreaterThan(60);
    expect(all.map((u) => u.id)).toContain('theme.docs.paginator.next');
    expect(all.map((u) => u.id)).toContain('theme.lastUpdated.lastUpdatedAtBy');
  });

  it('are Docusaurus ids with Docusaurus’s English message, or docsite.* ids', () => {
    const wrong = all.filter(({ id, message }) => (id.startsWith('theme.') ? docusaurus[id] !== message : !id.startsWith('docsite.')));
    expect(wrong.map(({ file, id, message }) => `${path.relative(path.join(__dirname, '..'), file)}: ${id} = ${JSON.stringify(message)}, Docusaurus: ${JSON.stringify(docusaurus[id])}`)).toEqual([]);
  });

  it('give one message per id', () => {
    const messages = new Map<string, Set<string>>();
    for (const { id, message } of all) messages.set(id, (messages.get(id) ?? new Set()).add(message));
    expect([...messages].filter(([, set]) => set.size > 1).map(([id, set]) => `${id}: ${[...set].join(' / ')}`)).toEqual([]);
  });

  it('cover the admonition titles Docusaurus translates', () => {
    for (const kind of ['note', 'tip', 'info', 'caution', 'warning', 'danger']) expect(docusaurus[`theme.admonition.${kind}`]).toBe(kind);
  });
});
