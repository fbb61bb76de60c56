#!/usr/bin/env node
// Runs the docsite binary this package carries (`native/docsite`, built for linux-x64) with
// the arguments given, as Biome's and esbuild's npm packages run theirs. The binary finds
// the built theme beside it (`../theme`); the theme's run-time packages (React, Vite and
// its plugins) are this package's dependencies, installed into the site's node_modules.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const binary = fileURLToPath(new URL('../native/docsite', import.meta.url));
if (process.platform !== 'linux' || process.arch !== 'x64' || !existsSync(binary)) {
  console.error(`docsite: this package carries a linux-x64 binary only (this is ${process.platform}-${process.arch}); build docsite from source with \`cargo install --path crates/docsite\``);
  process.exit(2);
}

const child = spawn(binary, process.argv.slice(2), { stdio: 'inherit' });
// A signal sent to this process (npx stopped by its PID, Ctrl-C) goes to the binary, which
// stops its server and workers; this process exits as the binary did.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (err) => {
  console.error(`docsite: cannot run ${binary}: ${err.message}`);
  process.exit(2);
});
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
