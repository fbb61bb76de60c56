// The browser-test helpers (tests/e2e/lib.mjs: `docsite serve`, Debian's chromium through
// playwright-core) for the benchmarks that drive a browser, with tests/e2e's packages
// installed from its lockfile first when they are missing (a fresh clone), so that each
// benchmark runs with one command: `const { launch, openPage } = await e2eLib();` (the
// helpers are imported only after the install, since lib.mjs imports playwright-core).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2e = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tests/e2e');

export async function e2eLib() {
  if (!fs.existsSync(path.join(e2e, 'node_modules/playwright-core/package.json'))) {
    console.error('installing the browser tests\' packages (npm ci in tests/e2e)…');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: e2e, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  return import(path.join(e2e, 'lib.mjs'));
}
