// Serving both builds of one Docusaurus site for the compatibility benches
// (bench/compat-screens.mjs, bench/compat-styles.mjs): docsite's build by `docsite serve`,
// Docusaurus's by Python's static server (what Docusaurus's `serve` does for a site at
// baseUrl `/`: a folder's index.html), on $CORPUS_PORT (default 4500) and the next port, one
// after the other.
import { spawn } from 'node:child_process';

async function serve(command, args, base) {
  const proc = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(base + '/');
      return () => proc.kill();
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  proc.kill();
  throw new Error(`${command} did not start on ${base}: ${stderr}`);
}

/** Calls `visit(label, base)` with each build served: 'docsite' first, then 'docusaurus'. */
export async function serveBuilds(bin, docsiteBuild, docusaurusBuild, visit) {
  const port = Number(process.env.CORPUS_PORT ?? 4500);
  const servers = [
    ['docsite', port, () => serve(bin, ['serve', docsiteBuild, '--port', String(port)], `http://127.0.0.1:${port}`)],
    ['docusaurus', port + 1, () => serve('python3', ['-m', 'http.server', String(port + 1), '--bind', '127.0.0.1', '--directory', docusaurusBuild], `http://127.0.0.1:${port + 1}`)],
  ];
  for (const [label, p, start] of servers) {
    const stop = await start();
    try {
      await visit(label, `http://127.0.0.1:${p}`);
    } finally {
      stop();
    }
  }
}
