//! The page's table of contents (h2/h3 from the engine), nested by level, the entry
//! of the section being read highlighted. A sticky column on wide screens, a
//! collapsible "On this page" box above the article on narrow ones.
import type { TocItem } from '../../generated/contract';
import { usePageData } from '../../contexts/PageData';
import { useTocHighlight } from '../../hooks/useTocHighlight';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export type TocNode = TocItem & { children: TocNode[] };

/** Nests a flat, ordered TOC by heading level. */
export function buildTocTree(items: readonly TocItem[]): TocNode[] {
  const root: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    const node: TocNode = { ...item, children: [] };
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= item.level) stack.pop();
    const parent = stack[stack.length - 1];
    (parent ? parent.children : root).push(node);
    stack.push(node);
  }
  return root;
}

function TocList({ nodes, active }: { nodes: TocNode[]; active: string | null }) {
  return (
    <ul className={`table-of-contents ${styles.list}`}>
      {nodes.map((node) => (
        <li key={node.id}>
          <a href={`#${node.id}`} className={`table-of-contents__link ${styles.link} ${node.id === active ? styles.active : ''}`}>
            {node.text}
          </a>
          {node.children.length > 0 ? <TocList nodes={node.children} active={active} /> : null}
        </li>
      ))}
    </ul>
  );
}

export type Props = { variant: 'column' | 'collapsible' };

export function TableOfContents({ variant }: Props) {
  const { toc } = usePageData();
  const active = useTocHighlight(variant === 'column' ? toc.map((item) => item.id) : []);
  const tree = buildTocTree(toc);
  if (variant === 'collapsible') {
    return (
      <details
        className={styles.collapsible}
        // Following an entry closes the box: the reader is on their way to the section.
        onClick={(event) => {
          if ((event.target as Element).closest('a')) event.currentTarget.open = false;
        }}
      >
        <summary className={styles.summary}>{t('theme.TOCCollapsible.toggleButtonLabel', 'On this page')}</summary>
        <TocList nodes={tree} active={null} />
      </details>
    );
  }
  return (
    <nav aria-label={t('docsite.TOC.navAriaLabel', 'Table of contents')} className={styles.column}>
      <TocList nodes={tree} active={active} />
    </nav>
  );
}
