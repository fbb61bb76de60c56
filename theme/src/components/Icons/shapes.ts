//! The shapes of the icons the article's HTML uses (admonitions, code-block buttons), as
//! markup: the React icons (`index.tsx`) and the content serializer (`content/html.ts`)
//! draw them from the same strings, so both write identical SVG.

export const ICON_SHAPES = {
  copy: '<rect x="9" y="9" width="12" height="12" rx="2"></rect><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"></path>',
  wrap: '<path d="M3 6h18M3 12h15a3 3 0 0 1 0 6h-4M3 18h7"></path><path d="m16 16-2 2 2 2"></path>',
  check: '<path d="M20 6 9 17l-5-5"></path>',
  info: '<circle cx="12" cy="12" r="9"></circle><path d="M12 16v-4M12 8h.01"></path>',
  important: '<path d="M12 3 2.5 20h19z" transform="rotate(180 12 12)"></path><path d="M12 9v4M12 16h.01"></path>',
  note: '<path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z"></path><path d="M14 3v6h6M8 13h8M8 17h5"></path>',
  tip: '<path d="M9 18h6M10 22h4"></path><path d="M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.3 1 2.1V17h6v-.2c0-.8.4-1.6 1-2.1A7 7 0 0 0 12 2z"></path>',
  warning: '<path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"></path><path d="M12 9v4M12 17h.01"></path>',
  danger: '<path d="M7.9 2h8.2L22 7.9v8.2L16.1 22H7.9L2 16.1V7.9z"></path><path d="M12 8v4M12 16h.01"></path>',
} as const;

export type IconShape = keyof typeof ICON_SHAPES;

/** An icon as SVG markup: the same attributes, in the same order, as the React `Icon`. */
export function iconSvg(shape: IconShape, size = 21): string {
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ` +
    `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${ICON_SHAPES[shape]}</svg>`
  );
}
