//! `<UserGrid data="users" />`: the organizations of a `users` data file as a member wall,
//! each a link to the organization's site. No company artwork: the names are set as a
//! typographic wall (equal cells, hairline rules), which reads as deliberate where
//! coloured initials read as a wireframe.
import type { Element } from '../../generated/contract';
import type { SiteComponentProps } from '../../content/lazy';
import { isElement, nodeText } from '../../content/tree';
import { Link } from '../Link';
import { readContribute } from '../Showcase/model';
import styles from './styles.module.css';

export type Props = SiteComponentProps;

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
                {name}
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
