//! `:::note|tip|info|caution|warning|danger|important|success|secondary[ Title]` boxes:
//! Docusaurus's nine types, each with its own default title (the type in capitals),
//! icon and colours. `AdmonitionView` is the box itself, shared with `@theme/Admonition`
//! for site React pages (docusaurus/theme/Admonition.tsx).
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
    <div id={id} className={`admonition admonition-${kind} ${styles.admonition} ${styles[kind]}${className ? ` ${className}` : ''}`}>
      <div className={styles.heading}>
        <span className={styles.icon}>{icon ?? ICONS[kind]}</span>
        {title ?? kind.toUpperCase()}
      </div>
      <div className={styles.content}>{children}</div>
    </div>
  );
}

export function Admonition({ node }: Props) {
  const kind = parseKind(node.a?.kind);
  // A title with inline Markdown comes as a first `AdmonitionTitle` child; `title` is
  // its plain text.
  const [first, ...rest] = node.c ?? [];
  const rich = first !== undefined && isElement(first, 'AdmonitionTitle') ? first : null;
  const title = rich ? <Nodes nodes={rich.c} /> : node.a?.title || undefined;
  return (
    <AdmonitionView kind={kind} title={title}>
      <Nodes nodes={rich ? rest : node.c} />
    </AdmonitionView>
  );
}
