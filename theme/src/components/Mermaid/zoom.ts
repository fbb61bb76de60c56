//! The full-size view of a diagram drawn smaller than its text can be read. Every diagram is
//! scaled to the column (nothing scrolls sideways); one scaled below `MIN_SCALE` (a wide
//! sequence diagram: 1859 px in a 700 px column) gets a visible "Full size" button, and a
//! click on it or on the diagram opens the diagram at its natural size in a modal `<dialog>`
//! that scrolls both ways (Escape or "Close" returns to the page). The SVG itself moves into
//! the dialog and back (its ids stay unique); a box of its height holds its place meanwhile.
//! Used by the Mermaid island (static articles) and the React component; loaded with them,
//! after the first view.
import styles from './zoom.module.css';
import { t } from '../../lib/i18n';

/** Below this scale a diagram's text (14-16 px in mermaid) is under ~11 px: offer full size. */
export const MIN_SCALE = 0.7;

const EXPAND_ICON =
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7"></path></svg>';

/** Adds the full-size affordance to `box` (the element holding a drawn `<svg>`); returns the function that stops watching it. */
export function attachZoom(box: HTMLElement): () => void {
  const svg = box.querySelector('svg');
  if (!svg) return () => undefined;
  const natural = svg.viewBox.baseVal?.width || svg.getBoundingClientRect().width;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = styles.open ?? '';
  button.innerHTML = `${EXPAND_ICON}<span></span>`;
  (button.lastChild as HTMLElement).textContent = t('docsite.Mermaid.fullSize', 'Full size');
  button.setAttribute('aria-label', t('docsite.Mermaid.fullSizeAriaLabel', 'Show the diagram at full size'));
  button.hidden = true;
  box.append(button);

  let small = false;
  const update = () => {
    small = natural * MIN_SCALE > box.clientWidth;
    button.hidden = !small;
    box.classList.toggle(styles.zoomable ?? 'zoomable', small);
  };
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
  observer?.observe(box);
  update();

  const open = () => {
    const dialog = document.createElement('dialog');
    dialog.className = styles.dialog ?? '';
    dialog.setAttribute('aria-label', t('docsite.Mermaid.dialogAriaLabel', 'Diagram at full size'));
    const close = document.createElement('button');
    close.type = 'button';
    close.className = styles.close ?? '';
    close.textContent = t('docsite.Mermaid.close', 'Close');
    const scroller = document.createElement('div');
    scroller.className = styles.scroller ?? '';
    const holder = document.createElement('div');
    holder.style.height = `${svg.getBoundingClientRect().height}px`;
    svg.replaceWith(holder);
    const width = svg.style.width;
    svg.style.width = `${natural}px`;
    scroller.append(svg);
    dialog.append(close, scroller);
    document.body.append(dialog);
    close.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      svg.style.width = width;
      holder.replaceWith(svg);
      dialog.remove();
      button.focus();
    });
    dialog.showModal();
  };
  const onBoxClick = (event: MouseEvent) => {
    if (small && !(event.target as Element).closest('a')) open();
  };
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    open();
  });
  box.addEventListener('click', onBoxClick);
  // The button stays: the box is being replaced (a redraw) and takes it along, and
  // removing it would be one more change to the article.
  return () => {
    observer?.disconnect();
    box.removeEventListener('click', onBoxClick);
  };
}
