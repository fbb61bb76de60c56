//! `<details>` from Markdown/MDX; its first child may be the `<summary>`.
import type { ContentComponentProps } from '../../content/components';
import { Nodes } from '../../content/Nodes';
import styles from './styles.module.css';

export type Props = ContentComponentProps;

export function Details({ node }: Props) {
  const open = node.a?.open !== undefined && node.a.open !== 'false';
  return (
    <details className={styles.details} open={open}>
      <Nodes nodes={node.c} />
    </details>
  );
}
