// The entry of the theme's mermaid bundle (`vite.mermaid.config.ts`), which every client build
// imports for `mermaid`: the package's whole interface, for `draw.ts` and for a site's own code
// (a layout package such as `@mermaid-js/layout-elk` uses its named exports).
export * from 'mermaid';
export { default } from 'mermaid';
