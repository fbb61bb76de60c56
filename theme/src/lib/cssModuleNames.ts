//! The class names of CSS modules (build-time code, run by Vite in Node: `vite.config.ts`).
//! Each name is a hash of the module's file, relative to the theme, and the class, so that
//! the client and server builds agree. Names are short because every one ships twice, in
//! the stylesheet and in the script that uses it, and a hash does not compress: the theme's
//! own classes get 4 characters, a fixed set whose names `test/cssModuleNames.test.ts` checks
//! are all different; a site's classes (its files are outside the theme) get 5, a set no
//! test sees, and a length the theme's never have, so the two never meet.
import { createHash } from 'node:crypto';
import path from 'node:path';

/** The scoped name of class `local` of the CSS module `file`, for the theme in `themeDir`. */
export function scopedName(local: string, file: string, themeDir: string): string {
  const rel = path.relative(themeDir, file).split(path.sep).join('/');
  const own = !rel.startsWith('../') && !path.isAbsolute(rel);
  const hash = createHash('sha256').update(`${rel}:${local}`).digest('base64url');
  return `_${hash.replace(/[-_]/g, '').slice(0, own ? 4 : 5)}`;
}
