//! A content heading with its "#" direct-link anchor. `HeadingView` is the element itself,
//! shared with `@theme/Heading` for site React pages (docusaurus/theme/Heading.tsx).
import { createElement, type HTMLAttributes, type ReactNode } from 'react';
import type { ContentComponentProps } from '../../content/components';
import { Nodes, nodeText } from '../../content/Nodes';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export type Props = ContentComponentProps;

export type HeadingViewProps = Omit<HTMLAttributes<HTMLHeadingElement>, 'children'> & {
  /** 1 to 6. */
  level: number;
  /** Anchor target; the "#" link is shown only with an id. */
  id?: string;
  /** Accessible name of the "#" link ("Direct link to …"). */
  anchorLabel: string;
  /** Show the "#" link (default true). */
  anchor?: boolean;
  children?: ReactNode;
};

export function HeadingView({ level, id, anchorLabel, anchor = true, className, children, ...rest }: HeadingViewProps) {
  return createElement(
    `h${level}`,
    { ...rest, id, className: className ? `${styles.heading} ${className}` : styles.heading },
    children,
    id && anchor ? (
      <a className={`hash-link ${styles.hashLink}`} href={`#${id}`} aria-label={anchorLabel} title={anchorLabel}>
        {'\u200B#'}
      </a>
    ) : null,
  );
}

export function Heading({ node }: Props) {
  const level = Math.min(6, Math.max(1, Number(node.a?.level) || 2));
  return (
    <HeadingView level={level} id={node.a?.id} anchorLabel={t('theme.common.headingLinkTitle', 'Direct link to {heading}', { heading: nodeText(node.c).trim() })}>
      <Nodes nodes={node.c} />
    </HeadingView>
  );
}
