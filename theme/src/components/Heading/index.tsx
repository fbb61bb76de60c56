//! A content heading with its "#" direct-link anchor.
import { createElement } from 'react';
import type { ContentComponentProps } from '../../content/components';
import { Nodes, nodeText } from '../../content/Nodes';
import styles from './styles.module.css';

export type Props = ContentComponentProps;

export function Heading({ node }: Props) {
  const level = Math.min(6, Math.max(1, Number(node.a?.level) || 2));
  const id = node.a?.id;
  const label = `Direct link to ${nodeText(node.c).trim()}`;
  return createElement(
    `h${level}`,
    { id, className: styles.heading },
    <Nodes nodes={node.c} />,
    id ? (
      <a className={`hash-link ${styles.hashLink}`} href={`#${id}`} aria-label={label} title={label}>
        {'\u200B#'}
      </a>
    ) : null,
  );
}
