//! The reader's choice per Tabs `groupId`: all tab sets sharing a group switch
//! together, and the choice is remembered (`docusaurus.tab.{groupId}`, Docusaurus's key,
//! so readers coming from the old site keep their choice).
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { tabGroupStorageKey, writeStorage } from '../lib/storage';
import { createStrictContext } from './createStrictContext';

export { tabGroupStorageKey };

export type TabGroupsContextValue = {
  /** groupId -> chosen value. */
  choices: { [groupId in string]: string };
  /** A reader's choice: applied to the group and remembered. */
  choose: (groupId: string, value: string) => void;
  /** A remembered choice found after hydration: applied unless the reader already chose. */
  restore: (groupId: string, value: string) => void;
};

const [Provider, useTabGroups] = createStrictContext<TabGroupsContextValue>('useTabGroups', 'TabGroupsProvider');
export { useTabGroups };

export function TabGroupsProvider({ children }: { children: ReactNode }) {
  const [choices, setChoices] = useState<{ [groupId in string]: string }>({});

  const choose = useCallback((groupId: string, value: string) => {
    writeStorage(tabGroupStorageKey(groupId), value);
    setChoices((current) => (current[groupId] === value ? current : { ...current, [groupId]: value }));
  }, []);

  const restore = useCallback((groupId: string, value: string) => {
    setChoices((current) => (groupId in current ? current : { ...current, [groupId]: value }));
  }, []);

  const value = useMemo(() => ({ choices, choose, restore }), [choices, choose, restore]);
  return <Provider value={value}>{children}</Provider>;
}
