// @vitest-environment node
// Runs the real prerender worker against the built server bundle, the way the engine
// does: NDJSON in on stdin, NDJSON out on stdout.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { page, routes, sidebar, site } from './fixtures';

const theme = fileURLToPath(new URL('..', import.meta.url));
const bundle = fileURLToPath(new URL('../dist/server/entry-server.js', import.meta.url));
const built = existsSync(bundle);

if (!built) {
  console.warn(`[worker.test] Skipping the prerender worker test: ${bundle} is missing. Run \`npm run build\` first.`);
}

type Reply = { id: number; html?: string; head?: string; error?: string };

function runWorker(lines: unknown[]): Promise<{ replies: Reply[]; stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['prerender-worker.mjs'], { cwd: theme, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const replies = stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Reply);
      resolve({ replies, stdout, stderr, code });
    });
    for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`);
    child.stdin.end();
  });
}

describe.skipIf(!built)('prerender worker', () => {
  it('answers render requests, survives a bad page, and exits when stdin closes', async () => {
    const { replies, code, stderr } = await runWorker([
      { type: 'init', site, routes },
      { type: 'render', id: 1, url: page.path, page, sidebarKey: 's1', sidebar },
      { type: 'render', id: 2, url: '/broken', page: { ...page, content: null, toc: null }, sidebarKey: null },
      { type: 'render', id: 3, url: '/', page: { ...page, path: '/', kind: 'page', title: 'Home' }, sidebarKey: null },
      // The sidebar sent with page 1 is kept: later pages name it by its key only.
      { type: 'render', id: 4, url: page.path, page, sidebarKey: 's1' },
    ]);
    expect(code, stderr).toBe(0);
    expect(replies.map((reply) => reply.id)).toEqual([1, 2, 3, 4]);

    const [first, second, third, fourth] = replies;
    expect(first?.html).toContain('Supported Platforms');
    expect(fourth?.html).toBe(first?.html);
    expect(first?.error, first?.error).toBeUndefined();
    expect(first?.html).toContain('<h1>API Specification</h1>');
    expect(first?.html).toContain('The Desktop Agent API is the core of FDC3.');
    expect(first?.head).toContain('<title>API Specification | FDC3</title>');

    expect(second?.html).toBeUndefined();
    expect(second?.error).toMatch(/TypeError/);
    expect(second?.error).toMatch(/\n\s+at /); // with its stack

    expect(third?.head).toContain('<title>FDC3</title>');
  });

  it('keeps stdout for replies only', async () => {
    const { stdout } = await runWorker([
      { type: 'render', id: 7, url: '/', page, sidebarKey: null },
      'not json',
      { type: 'mystery' },
    ]);
    const lines = stdout.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: 7, error: expect.stringContaining('render before init') });
  });
});
