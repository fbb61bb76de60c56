//! `<CardGrid>` of `<Card title href icon badge>`: the home page's feature cards, and the
//! cards of Docusaurus's `<DocCardList />` (the engine's `CardGrid`/`Card` elements on the
//! Markdown path; `@theme/DocCardList` and `@theme/DocCard` through the views below). A
//! card with an `href` is one large link (its title carries the link, stretched over the
//! card).
import type { ReactNode } from 'react';
import type { SiteComponentProps } from '../../content/lazy';
import { Link } from '../Link';
import { CardIcon, isCardIcon } from './icons';
import styles from './styles.module.css';

export type Props = SiteComponentProps;

export type CardGridViewProps = { className?: string; children?: ReactNode };

/** The grid itself: as many columns as the width allows. */
export function CardGridView({ className, children }: CardGridViewProps) {
  return <div className={className ? `${styles.grid} ${className}` : styles.grid}>{children}</div>;
}

export type CardViewProps = {
  title: ReactNode;
  /** Where the card leads (its title is the link, stretched over the card). */
  href?: string;
  /** Classes beside the card's own (a doc card's `card`, the classic theme's name). */
  className?: string;
  /** What comes before the title (a badge, an icon). */
  top?: ReactNode;
  /** The text under the title. */
  children?: ReactNode;
};

/** One card: the title (a link when it has `href`) and the text under it. */
export function CardView({ title, href, className, top, children }: CardViewProps) {
  return (
    <section className={className ? `${styles.card} ${className}` : styles.card}>
      {top}
      <h3 className={styles.title}>{href ? <Link to={href}>{title}</Link> : title}</h3>
      {children ? <div className={styles.body}>{children}</div> : null}
    </section>
  );
}

export function CardGrid({ node, Nodes }: Props) {
  return (
    <CardGridView>
      <Nodes nodes={node.c} />
    </CardGridView>
  );
}

export function Card({ node, Nodes }: Props) {
  const { title = '', href, icon, badge, class: className } = node.a ?? {};
  const top = (
    <>
      {badge ? <span className={styles.badge}>{badge}</span> : null}
      {isCardIcon(icon) ? (
        <span className={styles.icon}>
          <CardIcon name={icon} />
        </span>
      ) : null}
    </>
  );
  return (
    <CardView title={title} href={href} className={className} top={top}>
      {node.c?.length ? <Nodes nodes={node.c} /> : null}
    </CardView>
  );
}
