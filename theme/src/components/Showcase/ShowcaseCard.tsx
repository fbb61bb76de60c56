//! One card of the showcase: title and publisher, its type, badges, the description,
//! any conformance certifications, and its "More info" / "Documentation" links.
import type { SiteComponentProps } from '../../content/lazy';
import { Link } from '../Link';
import type { ShowcaseCardData } from './model';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

/** `lone`: the last shown card of an odd number, which takes a row of its own whole. */
export type Props = { card: ShowcaseCardData; hidden?: boolean; lone?: boolean; Nodes: SiteComponentProps['Nodes'] };

export function ShowcaseCard({ card, hidden = false, lone = false, Nodes }: Props) {
  return (
    <article id={card.id} className={styles.card} hidden={hidden} data-category={card.category} data-lone={lone || undefined}>
      <div className={styles.head}>
        <div>
          <h3>{card.title}</h3>
          {card.publisher ? <p className={styles.muted}>{card.publisher}</p> : null}
        </div>
        <span className={styles.type}>{card.categoryLabel}</span>
      </div>
      {card.badges.length > 0 ? (
        <ul className={styles.badges} aria-label={t('docsite.Showcase.badges', 'Badges')}>
          {card.badges.map((badge) => (
            <li key={badge.text} className={styles.badge} title={badge.description}>
              {badge.text}
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.description}>
        <Nodes nodes={card.description} />
      </div>
      {card.conformance.length > 0 ? (
        <ul className={styles.conformance} aria-label={t('docsite.Showcase.conformance', 'Conformance certifications')}>
          {card.conformance.map((c) => (
            <li key={`${c.product} ${c.version}`}>
              ✓ <strong>{c.product}</strong> certified for FDC3 {c.version} on <time dateTime={c.date}>{c.dateText}</time>
              {c.link ? (
                <>
                  {' '}
                  (<Link to={c.link}>announcement</Link>)
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {card.infoLink || card.docsLink ? (
        <div className={styles.links}>
          {card.infoLink ? (
            <Link to={card.infoLink} className={styles.button} aria-label={t('docsite.Showcase.moreInfoAriaLabel', 'More info: {title}', { title: card.title })}>
              {t('docsite.Showcase.moreInfo', 'More info')}
            </Link>
          ) : null}
          {card.docsLink ? (
            <Link to={card.docsLink} className={styles.button} aria-label={t('docsite.Showcase.documentationAriaLabel', 'Documentation: {title}', { title: card.title })}>
              {t('docsite.Showcase.documentation', 'Documentation')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
