//! The admonition box itself (icon, title, content), without the content renderer: used by
//! the Markdown `Admonition` (index.tsx), the unlisted-page notice of a doc page and
//! `@theme/Admonition` for site React pages, so a page that only shows a box does not load
//! the React content renderer.
import type { ReactNode } from 'react';
import { IconCheck, IconDanger, IconImportant, IconInfo, IconNote, IconTip, IconWarning } from '../Icons/shaped';
import { admonitionClasses } from './classes';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export type AdmonitionKind =
  | 'note'
  | 'tip'
  | 'info'
  | 'caution'
  | 'warning'
  | 'danger'
  | 'important'
  | 'success'
  | 'secondary';

const ICONS: Record<AdmonitionKind, ReactNode> = {
  note: <IconNote />,
  tip: <IconTip />,
  info: <IconInfo />,
  caution: <IconWarning />,
  warning: <IconWarning />,
  danger: <IconDanger />,
  important: <IconImportant />,
  success: <IconCheck />,
  secondary: <IconNote />,
};

/** A known kind, else `note`. */
export function parseKind(kind: string | undefined): AdmonitionKind {
  return kind !== undefined && kind in ICONS ? (kind as AdmonitionKind) : 'note';
}

export type AdmonitionViewProps = {
  kind: AdmonitionKind;
  /** Heading of the box (default: the kind in capitals). */
  title?: ReactNode;
  /** Replaces the kind's icon. */
  icon?: ReactNode;
  className?: string;
  id?: string;
  children?: ReactNode;
};

export function AdmonitionView({ kind, title, icon, className, id, children }: AdmonitionViewProps) {
  return (
    <div id={id} className={`${admonitionClasses(kind)} ${styles.admonition} ${styles[kind]}${className ? ` ${className}` : ''}`}>
      <div className={styles.heading}>
        <span className={styles.icon}>{icon ?? ICONS[kind]}</span>
        {title ?? t(`theme.admonition.${kind}`, kind).toUpperCase()}
      </div>
      <div className={styles.content}>{children}</div>
    </div>
  );
}

