//! `:::note|tip|info|caution|warning|danger|important|success|secondary[ Title]` boxes:
//! Docusaurus's nine types, each with its own default title (the type in capitals),
//! icon and colours.
import type { ReactNode } from 'react';
import type { ContentComponentProps } from '../../content/components';
import { isElement, Nodes } from '../../content/Nodes';
import { IconCheck, IconDanger, IconImportant, IconInfo, IconNote, IconTip, IconWarning } from '../Icons';
import styles from './styles.module.css';

export type Props = ContentComponentProps;

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

function parseKind(kind: string | undefined): AdmonitionKind {
  return kind !== undefined && kind in ICONS ? (kind as AdmonitionKind) : 'note';
}

export function Admonition({ node }: Props) {
  const kind = parseKind(node.a?.kind);
  // A title with inline Markdown comes as a first `AdmonitionTitle` child; `title` is
  // its plain text.
  const [first, ...rest] = node.c ?? [];
  const rich = first !== undefined && isElement(first, 'AdmonitionTitle') ? first : null;
  const title = rich ? <Nodes nodes={rich.c} /> : node.a?.title || kind.toUpperCase();
  return (
    <div className={`admonition admonition-${kind} ${styles.admonition} ${styles[kind]}`}>
      <div className={styles.heading}>
        <span className={styles.icon}>{ICONS[kind]}</span>
        {title}
      </div>
      <div className={styles.content}>
        <Nodes nodes={rich ? rest : node.c} />
      </div>
    </div>
  );
}
