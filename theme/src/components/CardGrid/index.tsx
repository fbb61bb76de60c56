//! `<CardGrid>` of `<Card title href icon badge>`: the home page's feature cards. A card
//! with an `href` is one large link (its title carries the link, stretched over the card).
import type { SiteComponentProps } from '../../content/lazy';
import { Link } from '../Link';
import { CardIcon, isCardIcon } from './icons';
import styles from './styles.module.css';

export type Props = SiteComponentProps;

export function CardGrid({ node, Nodes }: Props) {
  return (
    <div className={styles.grid}>
      <Nodes nodes={node.c} />
    </div>
  );
}

export function Card({ node, Nodes }: Props) {
  const { title = '', href, icon, badge } = node.a ?? {};
  return (
    <section className={styles.card}>
      {badge ? <span className={styles.badge}>{badge}</span> : null}
      {isCardIcon(icon) ? (
        <span className={styles.icon}>
          <CardIcon name={icon} />
        </span>
      ) : null}
      <h3 className={styles.title}>{href ? <Link to={href}>{title}</Link> : title}</h3>
      {node.c?.length ? (
        <div className={styles.body}>
          <Nodes nodes={node.c} />
        </div>
      ) : null}
    </section>
  );
}
