//! `<UserGrid data="users" />`: the organizations of a `users` data file as a typographic
//! wall, each name a link to the organization's site. No company artwork: names set in
//! running text, grouped by kind of organization when the file declares categories (each group's
//! label beside its names where the row has room, above them where it has not). The names flow
//! as balanced lines, so no width leaves one name alone on a row of empty cells.
import type { Element } from '../../generated/contract';
import type { SiteComponentProps } from '../../content/lazy';
import { isElement, nodeText } from '../../content/tree';
import { Link } from '../Link';
import { readContribute } from '../Showcase/model';
import styles from './styles.module.css';

export type Props = SiteComponentProps;

function Names({ tiles, label }: { tiles: Element[]; label?: string }) {
  return (
    <ul className={styles.names} aria-label={label}>
      {tiles.map((user) => {
        const name = nodeText(user.c);
        // The space between items is where a line may break; the separator stays with the
        // name before it.
        return [
          <li key={name}>
            <Link to={user.a?.href ?? '#'} className={styles.name}>
              {name}
            </Link>
          </li>,
          ' ',
        ];
      })}
    </ul>
  );
}

export function UserGrid({ node }: Props) {
  const children = (node.c ?? []).filter((c): c is Element => isElement(c));
  const groups = children.filter((c) => c.t === 'UserGroup');
  const tiles = children.filter((c) => c.t === 'UserTile');
  const contribute = readContribute(node);
  return (
    <div>
      <div>
        {groups.length > 0 ? (
          groups.map((group) => {
            const members = (group.c ?? []).filter((c): c is Element => isElement(c, 'UserTile'));
            const label = group.a?.label ?? '';
            return (
              <div key={group.a?.id ?? label} className={styles.group}>
                <p className={styles.label}>{label}</p>
                <Names tiles={members} label={label} />
              </div>
            );
          })
        ) : (
          <Names tiles={tiles} />
        )}
      </div>
      {contribute ? (
        <p>
          {contribute.prompt ? `${contribute.prompt} ` : null}
          <Link to={contribute.url}>{contribute.label}</Link>
        </p>
      ) : null}
    </div>
  );
}
