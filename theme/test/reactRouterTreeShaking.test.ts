// @vitest-environment node
// The react-router transform of the theme's build (`vite.config.ts`): what it makes
// removable, checked on the installed react-router's own code and by bundling it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from 'vite';
import { reactRouterTreeShakable } from '../vite.config';

const require = createRequire(import.meta.url);
const entry = require.resolve('react-router');
const routerChunk = (() => {
  const dir = path.dirname(entry);
  const index = readFileSync(path.join(dir, 'index.mjs'), 'utf8');
  const chunks = [...index.matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((m) => path.join(dir, m[1] ?? ''));
  return chunks.map((file) => readFileSync(file, 'utf8')).find((code) => code.includes('var RenderErrorBoundary = class extends')) ?? '';
})();

describe('the react-router transform', () => {
  it('turns a class component\'s contextType statement into a static field of the class', () => {
    const code = 'var Boundary = class extends React2.Component {\n  render() { return null; }\n};\nBoundary.contextType = Ctx;\nuse(Boundary);\n';
    expect(reactRouterTreeShakable(code)).toBe('var Boundary = class extends React2.Component {\n  static contextType = Ctx;\n  render() { return null; }\n};\nuse(Boundary);\n');
  });

  it('leaves the route error boundary of the installed react-router with no side effect', () => {
    expect(routerChunk).toContain('RenderErrorBoundary.contextType = RSCRouterContext;');
    const out = reactRouterTreeShakable(routerChunk);
    expect(out).not.toMatch(/^RenderErrorBoundary\.contextType/m);
    expect(out).toMatch(/var RenderErrorBoundary = class extends React2\.Component \{\n {2}static contextType = RSCRouterContext;/);
  });
});

describe('a bundle of the router and the hooks the theme uses', () => {
  it('no longer carries the route error boundary nor the redirect handling it renders', async () => {
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [{ name: 'transform', transform: (code, id) => (id.includes('react-router') ? { code: reactRouterTreeShakable(code), map: null } : null) }],
      build: {
        write: false,
        minify: false,
        lib: { entry: path.join(import.meta.dirname, 'fixtures/routerUse.ts'), formats: ['es'], fileName: 'out' },
        rolldownOptions: { external: ['react', 'react-dom'] },
      },
    });
    const output = (Array.isArray(result) ? result[0] : result) as { output: { type: string; code?: string }[] };
    const code = output.output.map((chunk) => chunk.code ?? '').join('\n');
    expect(code).toContain('useNavigate() may be used only in the context of a <Router> component.');
    expect(code).not.toContain('React Router caught the following error during render');
    expect(code).not.toContain('REACT_ROUTER_ERROR');
  });
});
