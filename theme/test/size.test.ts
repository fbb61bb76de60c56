// @vitest-environment node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUDGET_BYTES, firstViewSize } from '../scripts/size.mjs';

const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));
const built = existsSync(`${clientDir}/index.html`);
if (!built) console.warn('[size.test] Skipping the bundle size budget: dist/client is missing. Run `npm run build` first.');

describe.skipIf(!built)('first-view bundle', () => {
  it('stays within the 90 KB gzip budget and keeps mermaid out', () => {
    const { files, gzip } = firstViewSize(clientDir);
    expect(files.some((file) => file.url.endsWith('.css'))).toBe(true);
    expect(files.some((file) => /mermaid|nprogress|MobileDrawer/.test(file.url))).toBe(false);
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
