import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scopedName } from '../src/lib/cssModuleNames';

const themeDir = path.resolve(import.meta.dirname, '..');

/** Every CSS module of the theme's sources. */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(file);
    return entry.name.endsWith('.module.css') ? [file] : [];
  });
}

/** The class names a stylesheet declares (comments and strings left out). */
function classes(css: string): Set<string> {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(["'])(?:\\.|(?!\1).)*\1/g, '');
  return new Set([...code.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!).filter((name) => !/^\d/.test(name)));
}

describe('CSS module class names', () => {
  it('are different for every class of every theme module (4 characters after the underscore)', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const file of modules(path.join(themeDir, 'src'))) {
      for (const local of classes(readFileSync(file, 'utf8'))) {
        const name = scopedName(local, file, themeDir);
        expect(name).toMatch(/^_[A-Za-z0-9]{4}$/);
        const key = `${path.relative(themeDir, file)} .${local}`;
        const other = seen.get(name);
        if (other && other !== key) clashes.push(`${name}: ${other} and ${key}`);
        seen.set(name, key);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(clashes).toEqual([]);
  });

  it('give a site’s modules, outside the theme, 5 characters: never one of the theme’s', () => {
    expect(scopedName('hero', path.join(themeDir, 'src/components/Hero/styles.module.css'), themeDir)).toMatch(/^_[A-Za-z0-9]{4}$/);
    expect(scopedName('hero', path.resolve(themeDir, '../site/src/pages/index.module.css'), themeDir)).toMatch(/^_[A-Za-z0-9]{5}$/);
    expect(scopedName('hero', '/elsewhere/site/src/pages/index.module.css', themeDir)).toMatch(/^_[A-Za-z0-9]{5}$/);
  });

  it('are the same for the same file and class, whichever build asks', () => {
    const file = path.join(themeDir, 'src/components/Navbar/styles.module.css');
    expect(scopedName('navbar', file, themeDir)).toBe(scopedName('navbar', file, themeDir));
    expect(scopedName('navbar', file, themeDir)).not.toBe(scopedName('inner', file, themeDir));
  });
});
