//! Tab and Shift+Tab kept inside a modal dialog (the search dialog, the phone drawer): from
//! its last control Tab goes to its first, and back; from outside it, into it.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Called on a Tab keydown while `dialog` is open. */
export function trapTab(event: KeyboardEvent, dialog: HTMLElement): void {
  // What Tab can reach: not in a collapsed (`visibility: hidden`) or undisplayed part.
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && (el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const current = document.activeElement;
  if (!dialog.contains(current)) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && current === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && current === last) {
    event.preventDefault();
    first.focus();
  }
}
