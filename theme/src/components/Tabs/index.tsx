//! React version of a tab group, for content rendered by React (pages with on-demand
//! components); a static article gets the markup from `content/html.ts` and the behaviour
//! from the `content/islands/tabs.ts` island.
//! `<Tabs groupId>` with `<TabItem value label default>` children. The server selects
//! the `default` item (else the first); a remembered group choice is applied after
//! hydration, so both sides render the same first markup. `TabsView` is the tab set itself,
//! shared with `@theme/Tabs` for site React pages (docusaurus/theme/Tabs.tsx), which uses
//! `lazy` (only the selected panel is rendered) and `chosen`/`onSelect` (its `queryString`
//! keeps the choice in the URL; that code stays in the site pages' chunks).
import { useEffect, useId, useLayoutEffect, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import type { ContentComponentProps } from '../../content/components';
import { readTabs } from '../../content/html';
import { Nodes } from '../../content/Nodes';
import { tabGroupStorageKey, useTabGroups } from '../../contexts/TabGroups';
import { revealThrough } from '../../lib/reveal';
import { readStorage } from '../../lib/storage';
import styles from './styles.module.css';

export type Props = ContentComponentProps;

export { readTabs };

export function Tabs({ node }: Props) {
  const { tabs, defaultValue } = readTabs(node);
  return (
    <TabsView
      tabs={tabs.map((tab) => ({ value: tab.value, label: tab.label, content: <Nodes nodes={tab.node.c} /> }))}
      defaultValue={defaultValue}
      groupId={node.a?.groupId || undefined}
    />
  );
}

/** One tab of a `TabsView`. */
export type TabSpec = {
  value: string;
  label: ReactNode;
  content: ReactNode;
  /** Class of the panel. */
  className?: string;
  /** Extra attributes of the tab button. */
  attributes?: Record<string, unknown>;
};

export type TabsViewProps = {
  tabs: TabSpec[];
  /** Selected before any choice (else the first tab). */
  defaultValue: string | undefined;
  groupId?: string;
  /** Render only the selected panel. */
  lazy?: boolean;
  /** A choice that wins over the group's and the default (e.g. from the URL), if any. */
  chosen?: string | null;
  /** Called with the value of a tab the reader selects. */
  onSelect?: (value: string) => void;
  className?: string;
};

export function TabsView({ tabs, defaultValue, groupId, lazy = false, chosen = null, onSelect, className }: TabsViewProps) {
  const { choices, choose, restore } = useTabGroups();
  const [local, setLocal] = useState(defaultValue ?? tabs[0]?.value);
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const valuesKey = tabs.map((tab) => tab.value).join('\u0000');
  const has = (value: string | undefined) => value !== undefined && tabs.some((tab) => tab.value === value);

  useEffect(() => {
    if (!groupId) return;
    const stored = readStorage(tabGroupStorageKey(groupId));
    if (stored !== null && valuesKey.split('\u0000').includes(stored)) restore(groupId, stored);
  }, [groupId, valuesKey, restore]);

  const groupChoice = groupId ? choices[groupId] : undefined;
  const selected = has(chosen ?? undefined) ? chosen : has(groupChoice) ? groupChoice : local;

  // Choosing a tab of a synced group changes every group of the page, and those above it
  // change height: the clicked tab must stay where the reader's pointer is (as Docusaurus
  // does), so its position is noted before and the page scrolled by the difference once
  // every group has re-rendered (layout effects run after the whole commit's DOM changes).
  const anchor = useRef<{ element: HTMLElement; top: number } | null>(null);
  useLayoutEffect(() => {
    const held = anchor.current;
    if (!held) return;
    anchor.current = null;
    const moved = held.element.getBoundingClientRect().top - held.top;
    if (moved !== 0) window.scrollBy({ top: moved, behavior: 'instant' });
  });

  const select = (value: string, element?: HTMLElement | null) => {
    if (element && groupId) {
      // Where the reader sees it now; then the blocks above are laid out (one the browser
      // lays out later would move it), and the layout effect makes up for both.
      anchor.current = { element, top: element.getBoundingClientRect().top };
      revealThrough(element);
    }
    setLocal(value);
    if (groupId) choose(groupId, value);
    onSelect?.(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    select(tab.value, tabRefs.current[index]);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={`tabs-container ${styles.container}${className ? ` ${className}` : ''}`}>
      <div role="tablist" aria-orientation="horizontal" className={styles.tablist}>
        {tabs.map((tab, index) => {
          const isSelected = tab.value === selected;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${index}`}
              aria-controls={lazy && !isSelected ? undefined : `${baseId}-panel-${index}`}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              {...(tab.attributes as HTMLAttributes<HTMLButtonElement> | undefined)}
              className={`${styles.tab} ${isSelected ? styles.selected : ''}`}
              onClick={(event) => select(tab.value, event.currentTarget)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) =>
        lazy && tab.value !== selected ? null : (
          <div
            key={tab.value}
            role="tabpanel"
            id={`${baseId}-panel-${index}`}
            aria-labelledby={`${baseId}-tab-${index}`}
            hidden={tab.value !== selected}
            className={tab.className ? `${styles.panel} ${tab.className}` : styles.panel}
          >
            {tab.content}
          </div>
        ),
      )}
    </div>
  );
}

/** A TabItem outside Tabs (malformed content): shows its content. */
export function TabItem({ node }: Props) {
  return (
    <div>
      <Nodes nodes={node.c} />
    </div>
  );
}
