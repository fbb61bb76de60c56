//! Tab-group island (`<Tabs groupId>`): the server selects the `default` tab (else the
//! first); here a click or the arrow, Home and End keys select another. Groups sharing a
//! `groupId` switch together, on the whole page, and the choice is remembered
//! (`docusaurus.tab.{groupId}`, Docusaurus's key) and applied to the page's groups when
//! they attach, unless the reader chose otherwise earlier in this visit.
import { readStorage, tabGroupStorageKey, writeStorage } from '../../lib/storage';
import styles from '../../components/Tabs/styles.module.css';
import type { Detach } from '../islands';

type Group = { select: (value: string) => boolean };

/** Attached groups by `groupId`. */
const groups = new Map<string, Set<Group>>();
/** Choices made in this visit (they hold even when storage does not). */
const choices = new Map<string, string>();

/** Forgets this visit's choices (tests). */
export function resetTabChoices(): void {
  choices.clear();
}

/** Frames over which a clicked tab is kept in place (about a third of a second). */
const HOLD_FRAMES = 20;

/**
 * Scrolls so that `anchor` is `top` pixels from the top of the viewport, now and on the next
 * frames until it stays there for two frames in a row; stops when the reader scrolls.
 */
function holdInPlace(anchor: HTMLElement, top: number): void {
  const correct = () => {
    const moved = anchor.getBoundingClientRect().top - top;
    if (moved !== 0) window.scrollBy({ top: moved, behavior: 'instant' });
    return moved !== 0;
  };
  correct();
  let frames = 0;
  let still = 0;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of READER_SCROLLS) window.removeEventListener(type, stop);
  };
  const step = () => {
    // Listening from the first frame on: the key press that chose the tab is not the reader scrolling.
    if (frames === 0) for (const type of READER_SCROLLS) window.addEventListener(type, stop, { passive: true, once: true });
    still = correct() ? 0 : still + 1;
    frames += 1;
    if (still >= 2 || frames >= HOLD_FRAMES) stop();
    else frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
}

/** Events by which the reader scrolls the page themselves. */
const READER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

export function attach(container: HTMLElement): Detach {
  const tabs = Array.from(container.querySelectorAll<HTMLButtonElement>(':scope > [role="tablist"] > [role="tab"]'));
  const panels = Array.from(container.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]'));
  if (tabs.length !== panels.length) throw new Error('A tab group has not one panel per tab.');
  const groupId = container.dataset.groupId || undefined;
  const values = tabs.map((tab, index) => tab.dataset.value ?? String(index));

  const group: Group = {
    select(value) {
      const chosen = values.indexOf(value);
      if (chosen === -1) return false;
      tabs.forEach((tab, index) => {
        const selected = index === chosen;
        tab.setAttribute('aria-selected', String(selected));
        tab.tabIndex = selected ? 0 : -1;
        tab.classList.toggle(styles.selected ?? 'selected', selected);
        const panel = panels[index];
        if (panel) panel.hidden = !selected;
      });
      return true;
    },
  };

  // Choosing a tab of a synced group changes every group of the page, and those above it
  // change height: the clicked tab stays where the reader's pointer is (as Docusaurus does),
  // also over the next frames, while code blocks coming near the viewport take their real
  // height in place of the one they were given unseen (`content-visibility`).
  const choose = (index: number, anchor: HTMLElement) => {
    const value = values[index];
    if (value === undefined) return;
    if (!groupId) {
      group.select(value);
      return;
    }
    const top = anchor.getBoundingClientRect().top;
    choices.set(groupId, value);
    writeStorage(tabGroupStorageKey(groupId), value);
    for (const member of groups.get(groupId) ?? []) member.select(value);
    holdInPlace(anchor, top);
  };

  const onClick = (event: MouseEvent) => {
    const index = tabs.indexOf(event.currentTarget as HTMLButtonElement);
    if (index !== -1) choose(index, tabs[index] as HTMLElement);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(event.currentTarget as HTMLButtonElement);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null || index === -1) return;
    event.preventDefault();
    choose(next, tabs[index] as HTMLElement);
    tabs[next]?.focus();
  };
  for (const tab of tabs) {
    tab.addEventListener('click', onClick);
    tab.addEventListener('keydown', onKeyDown);
  }

  if (groupId) {
    const members = groups.get(groupId) ?? new Set<Group>();
    members.add(group);
    groups.set(groupId, members);
    const remembered = choices.get(groupId) ?? readStorage(tabGroupStorageKey(groupId));
    if (remembered !== null) group.select(remembered);
  }

  return () => {
    for (const tab of tabs) {
      tab.removeEventListener('click', onClick);
      tab.removeEventListener('keydown', onKeyDown);
    }
    if (groupId) groups.get(groupId)?.delete(group);
  };
}
