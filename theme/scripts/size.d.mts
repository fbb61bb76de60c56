export const BUDGET_BYTES: number;
export const DEFAULT_ROUTES: string[];
export const LAZY_MODULES: { name: string; source: string }[];
export const LAZY_CHUNKS: { name: string; chunk: string }[];
export type SizedFile = { url: string; raw: number; gzip: number };
export type PageFirstView = { route: string; files: SizedFile[]; gzip: number; external: string[]; document: number };
export function staticImports(code: string): string[];
export function pageFirstView(buildDir: string, route: string, baseUrl?: string): PageFirstView;
export function firstViewSize(clientDir: string): { files: SizedFile[]; gzip: number };
export function readManifest(clientDir: string): Record<string, { file: string; name?: string; src?: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }> | null;
export function checkPages(options: {
  buildDir: string;
  clientDir: string;
  routes?: string[];
  baseUrl?: string;
  budget?: number;
}): { pages: PageFirstView[]; failures: string[] };
