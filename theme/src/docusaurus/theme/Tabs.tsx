//! `@theme/Tabs` for a site's React pages, onto the theme's tab set (keyboard use, synced
//! `groupId` choices remembered under Docusaurus's storage key). Docusaurus props: `values`
//! (labels and order; else taken from the `TabItem` children), `defaultValue` (else the
//! item marked `default`, else the first), `groupId`, `queryString` (`true` = the `groupId`
//! as the parameter name, or a name), `lazy`, `className`. Wrong input (an item without
//! `value`, a repeated value, a `defaultValue` or `values` entry no item has, `queryString`
//! true without `groupId`) throws an error saying so, as in Docusaurus.
import { Children, isValidElement, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TabsView, type TabSpec } from '../../components/Tabs';
import type { Props as TabItemProps } from './TabItem';

export type TabValue = { value: string; label?: string; attributes?: Record<string, unknown>; default?: boolean };

export type Props = {
  children?: ReactNode;
  values?: readonly TabValue[];
  defaultValue?: string | null;
  groupId?: string;
  queryString?: string | boolean;
  lazy?: boolean;
  /** Accepted for compatibility; the theme's tabs have one look. */
  block?: boolean;
  className?: string;
};

function items(children: ReactNode): TabItemProps[] {
  const found: TabItemProps[] = [];
  Children.forEach(children, (child) => {
    if (child === null || child === undefined || typeof child === 'boolean') return;
    if (typeof child === 'string' && child.trim() === '') return;
    const props = isValidElement(child) ? (child.props as Partial<TabItemProps>) : null;
    if (!props || typeof props.value !== 'string') {
      throw new Error('<Tabs> children must be <TabItem value="…"> elements; one has no string `value`.');
    }
    found.push(props as TabItemProps);
  });
  return found;
}

/** The queryString parameter name, if any. */
function queryKeyOf(queryString: string | boolean | undefined, groupId: string | undefined): string | undefined {
  if (queryString === undefined || queryString === false) return undefined;
  if (typeof queryString === 'string') return queryString;
  if (!groupId) throw new Error('<Tabs queryString> (true) needs a `groupId`: it names the query parameter. Give one, or a parameter name as `queryString`.');
  return groupId;
}

/**
 * The choice kept in the query parameter `key` (none without a key): read after hydration,
 * since pre-rendered pages have no query, and written back (replacing the history entry)
 * when the reader selects a tab.
 */
function useQueryChoice(key: string | undefined, values: readonly string[]): [string | null, (value: string) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);
  const valuesKey = values.join('\u0000');
  useEffect(() => {
    if (!key) return;
    const value = new URLSearchParams(location.search).get(key);
    setChosen(value !== null && valuesKey.split('\u0000').includes(value) ? value : null);
  }, [key, location.search, valuesKey]);
  const select = (value: string) => {
    if (!key) return;
    setChosen(value);
    const params = new URLSearchParams(location.search);
    params.set(key, value);
    void navigate({ pathname: location.pathname, search: `?${params}`, hash: location.hash }, { replace: true, preventScrollReset: true });
  };
  return [chosen, select];
}

export default function Tabs({ children, values, defaultValue, groupId, queryString, lazy = false, className }: Props) {
  const given = items(children);
  const byValue = new Map<string, TabItemProps>();
  for (const item of given) {
    if (byValue.has(item.value)) throw new Error(`<Tabs> has two items with value "${item.value}"; values must be unique.`);
    byValue.set(item.value, item);
  }
  const order: TabValue[] = values ? [...values] : given.map(({ value, label, attributes, default: isDefault }) => ({ value, label, attributes, default: isDefault }));
  const tabs: TabSpec[] = order.map((entry) => {
    const item = byValue.get(entry.value);
    if (!item) throw new Error(`<Tabs values> lists "${entry.value}", but no <TabItem> has that value.`);
    return {
      value: entry.value,
      label: entry.label ?? item.label ?? entry.value,
      content: item.children,
      className: item.className,
      attributes: entry.attributes ?? item.attributes,
    };
  });
  const initial = defaultValue ?? given.find((item) => item.default)?.value ?? tabs[0]?.value;
  if (initial !== undefined && !byValue.has(initial)) {
    throw new Error(`<Tabs defaultValue="${initial}"> names no tab; the values are ${tabs.map((tab) => `"${tab.value}"`).join(', ')}.`);
  }
  const [chosen, onSelect] = useQueryChoice(queryKeyOf(queryString, groupId), tabs.map((tab) => tab.value));
  return (
    <TabsView tabs={tabs} defaultValue={initial} groupId={groupId} lazy={lazy} chosen={chosen} onSelect={onSelect} className={className} />
  );
}
