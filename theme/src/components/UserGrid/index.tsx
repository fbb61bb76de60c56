//! `<UserGrid data="users" />`: the organizations of a `users` data file as tiles, each a
//! link to the organization's site. No logos: a monogram drawn from the name (its colour
//! fixed by the name, so server and client agree) and the name itself.
import type { Element } from '../../generated/contract';
import type { SiteComponentProps } from '../../content/lazy';
import { isElement, nodeText } from '../../content/tree';
import { Link } from '../Link';
import { readContribute } from '../Showcase/model';
import styles from './styles.module.css';

export type Props = SiteComponentProps;

/** Up to two initials: the first letters of the first two words (`Scott Logic` -> `SL`). */
export function initials(name: string): string {
  const words = name
    .replace(/&/g, ' ')
    .split(/[\s.-]+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => [...w.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '');
  return letters.join('').toUpperCase();
}

/** Monogram backgrounds: white text on each has a contrast of at least 4.5:1. */
export const MONOGRAM_COLOURS = ['#0074a6', '#5b3cc4', '#137a45', '#9a4a00', '#b0306a', '#34495e'];

/** The monogram colour of a name (always the same for the same name). */
export function monogramColour(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return MONOGRAM_COLOURS[h % MONOGRAM_COLOURS.length] as string;
}

export function UserGrid({ node }: Props) {
  const users = (node.c ?? []).filter((c): c is Element => isElement(c, 'UserTile'));
  const contribute = readContribute(node);
  return (
    <div>
      <ul className={styles.grid}>
        {users.map((user) => {
          const name = nodeText(user.c);
          return (
            <li key={name}>
              <Link to={user.a?.href ?? '#'} className={styles.tile}>
                <span className={styles.monogram} style={{ background: monogramColour(name) }} aria-hidden="true">
                  {initials(name)}
                </span>
                <span>{name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {contribute ? (
        <p>
          {contribute.prompt ? `${contribute.prompt} ` : null}
          <Link to={contribute.url}>{contribute.label}</Link>
        </p>
      ) : null}
    </div>
  );
}
