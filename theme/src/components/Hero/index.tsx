//! `<Hero title tagline>`: the home page's opening band. Its Markdown holds the lead
//! paragraph and a list of links, shown as call-to-action buttons (the first one
//! primary). Beside it (below it on phones) a diagram drawn here: a blotter broadcasts the
//! instrument the user picked, and the Desktop Agent delivers it to a chart and a news app,
//! which follow. Its colours are the theme's variables, set on the shapes themselves so the
//! page's stylesheet (in the first view) stays small.
import type { ReactNode } from 'react';
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
const faint = 'var(--ds-color-border)';
const heading = 'var(--ds-color-heading)';
const muted = 'var(--ds-color-text-muted)';
const mono = { fontFamily: 'var(--ds-font-mono)', fontSize: 11 };
const sans = { fontFamily: 'var(--ds-font-sans)', fontSize: 12, fontWeight: 600 };

/** An app window: frame, title bar and title, its content drawn by `children`. */
function AppWindow({ x, title, children }: { x: number; title: string; children: ReactNode }) {
  return (
    <g transform={`translate(${x} 0)`}>
      <rect x="0.75" y="0.75" width="126.5" height="126.5" rx="10" style={{ fill: 'var(--ds-color-surface-raised)', stroke: border, strokeWidth: 1.5 }} />
      <path d="M1 26H127" style={{ stroke: faint, strokeWidth: 1.5 }} />
      <circle cx="13" cy="13.5" r="3" style={{ fill: border }} />
      <circle cx="23" cy="13.5" r="3" style={{ fill: border }} />
      <text x="34" y="17.5" style={{ ...sans, fill: heading }}>
        {title}
      </text>
      {children}
    </g>
  );
}

/** The context's path from an app to the agent (`down`) or from the agent to an app. */
function Wire({ x, down }: { x: number; down?: boolean }) {
  const tip = down ? 'M-5 222l5 8 5-8' : 'M-5 142l5-8 5 8';
  return (
    <g transform={`translate(${x} 0)`} style={{ fill: 'none', stroke: primary, strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' }}>
      <path d="M0 136V228" style={{ strokeDasharray: down ? undefined : '4 5' }} />
      <path d={tip} />
    </g>
  );
}

/** Three apps sharing an instrument through the Desktop Agent. */
function HeroArt() {
  const label = 'A blotter app broadcasts the instrument AAPL as an fdc3.instrument context; the Desktop Agent delivers it to a chart app and a news app, which show AAPL.';
  return (
    <svg width="100%" style={{ maxWidth: '30rem' }} viewBox="0 0 420 290" role="img" aria-label={label} focusable="false">
      <AppWindow x={0} title="Blotter">
        {[40, 62, 84, 106].map((y, i) => (
          <g key={y}>
            {i === 1 ? <rect x="6" y={y - 9} width="116" height="20" rx="4" style={{ fill: 'var(--ds-color-primary-soft)' }} /> : null}
            <text x="14" y={y + 5} style={{ ...mono, fill: i === 1 ? primary : muted, fontWeight: i === 1 ? 700 : 400 }}>
              {['MSFT', 'AAPL', 'IBM', 'TSLA'][i]}
            </text>
            <rect x="58" y={y - 2} width={[46, 56, 38, 50][i]} height="6" rx="3" style={{ fill: i === 1 ? primary : faint }} />
          </g>
        ))}
      </AppWindow>
      <AppWindow x={146} title="Chart">
        <text x="14" y="45" style={{ ...mono, fill: primary, fontWeight: 700 }}>
          AAPL
        </text>
        <path d="M12 104l16-14 14 6 16-24 14 10 18-30 12 8 12-18" style={{ fill: 'none', stroke: primary, strokeWidth: 2.5, strokeLinecap: 'round', strokeLinejoin: 'round' }} />
        <path d="M12 114H116" style={{ stroke: faint, strokeWidth: 1.5 }} />
      </AppWindow>
      <AppWindow x={292} title="News">
        <text x="14" y="45" style={{ ...mono, fill: primary, fontWeight: 700 }}>
          AAPL
        </text>
        {[56, 70, 88, 102].map((y, i) => (
          <rect key={y} x="14" y={y} width={[100, 72, 96, 60][i]} height="6" rx="3.5" style={{ fill: i % 2 === 0 ? muted : faint, opacity: i % 2 === 0 ? 0.55 : 1 }} />
        ))}
      </AppWindow>
      <Wire x={64} down />
      <Wire x={210} />
      <Wire x={356} />
      <g transform="translate(76 160)">
        <rect width="124" height="40" rx="8" style={{ fill: 'var(--ds-color-bg)', stroke: primary, strokeWidth: 1.5 }} />
        <text x="10" y="16" style={{ ...mono, fill: muted }}>
          fdc3.instrument
        </text>
        <text x="10" y="31" style={{ ...mono, fill: heading, fontWeight: 700 }}>
          ticker: AAPL
        </text>
      </g>
      <rect x="0" y="234" width="420" height="52" rx="14" style={{ fill: primary }} />
      <text x="210" y="265" textAnchor="middle" style={{ ...sans, fontSize: 16, fontWeight: 700, fill: 'var(--ds-color-primary-contrast)' }}>
        Desktop Agent
      </text>
    </svg>
  );
}
