//! `<Hero title tagline>`: the home page's opening band. Its Markdown holds the lead
//! paragraph and a list of links, shown as call-to-action buttons (the first one
//! primary). The artwork beside it is drawn here: app windows around a hub, sharing
//! context along the lines between them. Its colours are the theme's variables, set on the
//! shapes themselves so the page's stylesheet stays small.
import type { SiteComponentProps } from '../../content/lazy';
import styles from './styles.module.css';

export type Props = SiteComponentProps;

export function Hero({ node, Nodes }: Props) {
  const { title = '', tagline } = node.a ?? {};
  return (
    <header className={styles.hero}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {tagline ? <p className={styles.tagline}>{tagline}</p> : null}
        <div className={styles.body}>
          <Nodes nodes={node.c} />
        </div>
      </div>
      <HeroArt />
    </header>
  );
}

const primary = 'var(--ds-color-primary)';
const border = 'var(--ds-color-border-strong)';

/** Three app windows and a hub: decorative. */
function HeroArt() {
  const windows = [
    { x: 12, y: 18, w: 132, h: 92 },
    { x: 196, y: 8, w: 124, h: 84 },
    { x: 150, y: 182, w: 150, h: 98 },
  ];
  return (
    <svg className={styles.art} viewBox="0 0 332 300" aria-hidden="true" focusable="false">
      <g style={{ fill: 'none', stroke: primary, strokeWidth: 2, strokeDasharray: '5 6', strokeLinecap: 'round' }}>
        <path d="M96 110C110 150 130 160 158 160" />
        <path d="M250 92C248 120 222 140 196 152" />
        <path d="M226 182C222 176 214 172 200 170" />
      </g>
      {windows.map(({ x, y, w, h }, i) => (
        <g key={i}>
          <rect x={x} y={y} width={w} height={h} rx="10" style={{ fill: 'var(--ds-color-surface-raised)', stroke: border, strokeWidth: 1.5 }} />
          <path d={`M${x} ${y + 20}H${x + w}`} style={{ stroke: border, strokeWidth: 1.5 }} />
          <circle cx={x + 12} cy={y + 10} r="3" style={{ fill: border }} />
          <circle cx={x + 22} cy={y + 10} r="3" style={{ fill: border }} />
          <rect x={x + 14} y={y + 34} width={w * 0.55} height="7" rx="3.5" style={{ fill: primary, opacity: 0.75 }} />
          <rect x={x + 14} y={y + 50} width={w * 0.72} height="7" rx="3.5" style={{ fill: 'var(--ds-color-border)' }} />
          <rect x={x + 14} y={y + 66} width={w * 0.4} height="7" rx="3.5" style={{ fill: 'var(--ds-color-border)' }} />
        </g>
      ))}
      <circle cx="180" cy="160" r="24" style={{ fill: primary }} />
      <path d="m171 160 6 6 12-12" style={{ fill: 'none', stroke: 'var(--ds-color-primary-contrast)', strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' }} />
      <circle cx="128" cy="156" r="5" style={{ fill: 'var(--ds-violet-500)' }} />
      <circle cx="236" cy="125" r="5" style={{ fill: 'var(--ds-violet-500)' }} />
    </svg>
  );
}
