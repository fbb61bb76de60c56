// The entry of the theme's mermaid bundle (`vite.mermaid.config.ts`): what `draw.ts` takes
// from `import('mermaid')`, which every client build resolves to that bundle.
export { default } from 'mermaid';
