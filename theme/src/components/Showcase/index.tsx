//! `<Showcase data="…" />`: the cards of a `cards` data file (community, training). When
//! filterable, a button per category shows that category's cards only (the file's default
//! category first, Adopters on the community page); `#<category>` in the address selects
//! one. Every card is in the markup, the others `hidden`, so the server and the first client
//! render agree and search engines see them all.
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { SiteComponentProps } from '../../content/lazy';
import { Link } from '../Link';
import { readShowcase, type Category } from './model';
import { ShowcaseCard } from './ShowcaseCard';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export type Props = SiteComponentProps;

/** The category a hash names, if any (`#demos` -> `demos`). */
export function categoryFromHash(hash: string, categories: readonly Category[]): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return categories.some((c) => c.id === id) ? id : null;
}

export function Showcase({ node, Nodes }: Props) {
  const data = useMemo(() => readShowcase(node), [node]);
  const [selected, setSelected] = useState(data.defaultCategory);
  const { hash } = useLocation();

  useEffect(() => {
    const fromHash = categoryFromHash(hash, data.categories);
    if (fromHash) setSelected(fromHash);
  }, [hash, data.categories]);

  const current = data.categories.find((c) => c.id === selected);
  const shown = data.cards.filter((card) => !data.filterable || card.category === selected);
  // An odd number of cards in two columns would leave the last alone beside an empty cell.
  const lone = shown.length % 2 === 1 ? shown[shown.length - 1] : undefined;
  return (
    <div data-showcase={node.a?.data} className={styles.showcase}>
      {data.contribute ? (
        <p className={styles.contribute}>
          {data.contribute.prompt ? `${data.contribute.prompt} ` : null}
          <Link to={data.contribute.url}>{data.contribute.label}</Link>
        </p>
      ) : null}
      {data.filterable ? (
        <>
          <div className={styles.filters} role="group" aria-label={t('docsite.Showcase.filtersAriaLabel', 'Show entries of type')}>
            {data.categories.map((c) => (
              <button
                key={c.id}
                id={c.id}
                type="button"
                className={styles.filter}
                aria-pressed={c.id === selected}
                onClick={() => {
                  setSelected(c.id);
                  // The choice goes in the address (a link to it opens the same filter),
                  // replacing the entry without a navigation: no scroll, no history step.
                  window.history.replaceState(window.history.state, '', `#${encodeURIComponent(c.id)}`);
                }}
              >
                {c.label}
                <span className={styles.count}>({c.count})</span>
              </button>
            ))}
          </div>
          <p className={styles.status} role="status">
            {current ? `${current.count} ${current.count === 1 ? 'entry' : 'entries'} in ${current.label}, sorted by title` : null}
          </p>
        </>
      ) : null}
      {/* The cards' titles are h3: a heading of the level above comes first (the page's
          h1 is followed by the showcase), visible to assistive technologies. */}
      <h2 className="visually-hidden">{data.filterable && current ? current.label : t('docsite.Showcase.entries', 'Entries')}</h2>
      <div className={styles.grid}>
        {data.cards.map((card) => (
          <ShowcaseCard
            key={card.id}
            card={card}
            hidden={data.filterable && card.category !== selected}
            lone={card === lone}
            Nodes={Nodes}
          />
        ))}
      </div>
      {data.badges.length > 0 ? (
        <div className={styles.legend}>
          <p className={styles.muted}>{t('docsite.Showcase.badgesLegend', 'What the badges mean:')}</p>
          <dl>
            {data.badges.map((b) => (
              <div key={b.text}>
                <dt>{b.text}</dt>
                <dd className={styles.muted}>{b.description}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </div>
  );
}
