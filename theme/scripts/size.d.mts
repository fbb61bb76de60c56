export const BUDGET_BYTES: number;
export function firstViewSize(clientDir: string): {
  files: { url: string; raw: number; gzip: number }[];
  gzip: number;
};
