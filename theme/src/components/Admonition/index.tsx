//! `:::note|tip|info|caution|warning|danger[ Title]` boxes.
import type { ReactNode } from 'react';
import type { ContentComponentProps } from '../../content/components';
import { Nodes } from '../../content/Nodes';
import { IconDanger, IconInfo, IconNote, IconTip, IconWarning } from '../Icons';
import styles from './styles.module.css';

export type Props = ContentComponentProps;

export type AdmonitionKind = 'note' | 'tip' | 'info' | 'caution' | 'warning' | 'danger';

const ICONS: Record<AdmonitionKind, ReactNode> = {
  note: <IconNote />,
  tip: <IconTip />,
  info: <IconInfo />,
  caution: <IconWarning />,
  warning: <IconWarning />,
  danger: <IconDanger />,
};

function parseKind(kind: string | undefined): AdmonitionKind {
  return kind !== undefined && kind in ICONS ? (kind as AdmonitionKind) : 'note';
}

export function Admonition({ node }: Props) {
  const kind = parseKind(node.a?.kind);
  const title = node.a?.title || kind.toUpperCase();
  return (
    <div className={`admonition admonition-${kind} ${styles.admonition} ${styles[kind]}`}>
      <div className={styles.heading}>
        <span className={styles.icon}>{ICONS[kind]}</span>
        {title}
      </div>
      <div className={styles.content}>
        <Nodes nodes={node.c} />
      </div>
    </div>
  );
}
