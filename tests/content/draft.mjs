// The standard's unreleased draft, which `next` documents, as a source for the content checks.
//
// The draft's packages (@finos/fdc3-standard 3.0.0-alpha.x and friends) are not published on
// npm, and the checks run without network in CI, so they cannot be installed. Instead, when a
// local clone of github:finos/FDC3 is given (`--draft <git dir>`, a bare mirror is fine), the
// files the checks need are taken from the commit pinned in draft-pin.json with `git archive`
// into a temporary directory that is deleted when the process exits. Nothing of the standard's
// repository is copied into ours.
//
// What the checks take from that commit:
//   - TypeScript: packages/fdc3-standard/src, packages/fdc3-context/src and generated,
//     packages/fdc3-schema/generated (compiled from source through `paths`), and the
//     declarations of the reference security package (packages/fdc3-security/src/impl and
//     secure-boundary/FDC3Handlers.ts) that the Security & Identity page's examples use;
//   - JSON: packages/fdc3-context/schemas/context and packages/fdc3-schema/schemas/api.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The pinned commit of the standard's repository (draft-pin.json). */
export function draftPin() {
  const file = path.join(here, 'draft-pin.json');
  const pin = JSON.parse(readFileSync(file, 'utf8'));
  if (!/^[0-9a-f]{40}$/.test(pin.commit ?? '')) {
    throw new Error(`${file}: "commit" must be a full 40-character commit id`);
  }
  return pin;
}

const PATHS = [
  'packages/fdc3-standard/src',
  'packages/fdc3-context/src',
  'packages/fdc3-context/generated',
  'packages/fdc3-context/schemas/context',
  'packages/fdc3-schema/generated',
  'packages/fdc3-schema/schemas/api',
  'packages/fdc3-security/src/impl',
  'packages/fdc3-security/src/secure-boundary/FDC3Handlers.ts',
];

/**
 * Extracts the pinned commit's package files from the git directory `gitDir` into a fresh
 * temporary directory, removed again when the process exits. Returns { dir, commit, pin }.
 * Fails with a message naming the directory or the commit when either is unusable.
 */
export function materialiseDraft(gitDir) {
  const pin = draftPin();
  const resolved = path.resolve(gitDir);
  if (!existsSync(resolved)) throw new Error(`--draft: no such directory: ${resolved}`);
  const git = (...args) => spawnSync('git', ['--git-dir', resolved, ...args], { encoding: 'utf8' });
  const probe = git('cat-file', '-e', `${pin.commit}^{commit}`);
  if (probe.error) throw new Error(`--draft: cannot run git: ${probe.error.message}`);
  if (probe.status !== 0) {
    const fallback = spawnSync('git', ['-C', resolved, 'rev-parse', '--git-dir'], { encoding: 'utf8' });
    const hint = fallback.status === 0 ? ` (for a work tree, pass its .git directory: ${path.join(resolved, fallback.stdout.trim())})` : '';
    throw new Error(`--draft: commit ${pin.commit} (draft-pin.json) is not in ${resolved}${hint}`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'fdc3-draft-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const archive = execFileSync('git', ['--git-dir', resolved, 'archive', '--format=tar', pin.commit, ...PATHS], {
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  return { dir, commit: pin.commit, pin };
}

/** `--draft <dir>` from argv (removed from it), or null. */
export function takeDraftArg(argv) {
  const i = argv.indexOf('--draft');
  if (i === -1) return null;
  const value = argv[i + 1];
  if (!value || value.startsWith('--')) throw new Error('--draft needs the path of a git directory of github:finos/FDC3');
  argv.splice(i, 2);
  return value;
}
