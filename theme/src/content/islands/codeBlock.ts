//! Code-block island: the copy button (copies one line per line span, says "Copied" for
//! 1.5 s) and, when the code is wider than its box, a word-wrap toggle (wraps long lines
//! instead of scrolling sideways). The button is added only then, so nothing moves at load.
//!
//! A block's width is watched only once it comes within a screen of the viewport: a block
//! further away is not laid out (`content-visibility: auto`), and measuring it would make
//! the browser lay out its code, on a long reference page a hundred blocks at load. The
//! watched blocks share one ResizeObserver whose callback reads all the widths first and
//! then adds or removes buttons: one layout, not one per block (reading a width after a
//! write forces the whole page's layout).
import { iconSvg } from '../../components/Icons/shapes';
import { codeText } from '../codeText';
import styles from '../../components/CodeBlock/styles.module.css';
import { canObserveVisibility, onceVisible } from '../../lib/visibility';
import type { Detach } from '../islands';
import { t } from '../../lib/i18n';

/** How near the viewport a block's width starts being watched (a screen above and below). */
export const MEASURE_MARGIN = '100% 0px';

/** How long the copy button says "Copied". */
export const COPIED_MS = 1500;

/** Called with whether a watched `<pre>` is wider than its box. */
type OverflowListener = (overflows: boolean) => void;

const listeners = new Map<Element, OverflowListener>();
let observer: ResizeObserver | null = null;

function overflows(element: Element): boolean {
  return element.scrollWidth > element.clientWidth;
}

/** Calls `listener` now and whenever `pre` changes size; returns the unwatch function. */
function watchOverflow(pre: HTMLElement, listener: OverflowListener): Detach {
  if (typeof ResizeObserver === 'undefined') {
    listener(overflows(pre));
    return () => undefined;
  }
  observer ??= new ResizeObserver((entries) => {
    const measured = entries.map((entry) => [entry.target, overflows(entry.target)] as const);
    for (const [target, result] of measured) listeners.get(target)?.(result);
  });
  listeners.set(pre, listener);
  observer.observe(pre);
  return () => {
    observer?.unobserve(pre);
    listeners.delete(pre);
    if (listeners.size === 0) {
      observer?.disconnect();
      observer = null;
    }
  };
}

export function attach(block: HTMLElement): Detach {
  const pre = block.querySelector<HTMLElement>('pre');
  const code = pre?.querySelector<HTMLElement>('code');
  const buttons = block.querySelector<HTMLElement>(`.${styles.buttons}`);
  // The only button until a wrap toggle is inserted before it.
  const copyButton = buttons?.querySelector<HTMLButtonElement>('button');
  if (!pre || !code || !buttons || !copyButton) throw new Error('A code block is missing its code or its buttons.');
  let timer: number | undefined;
  let wrapped = false;
  let wrapButton: HTMLButtonElement | null = null;

  const showCopied = (copied: boolean) => {
    copyButton.classList.toggle(styles.copied ?? 'copied', copied);
    copyButton.innerHTML = copied ? `${iconSvg('check', 16)}<span></span>` : iconSvg('copy', 16);
    if (copied) (copyButton.lastChild as HTMLElement).textContent = t('theme.CodeBlock.copied', 'Copied');
  };
  const copy = () => {
    navigator.clipboard?.writeText(codeText(code)).then(
      () => {
        showCopied(true);
        window.clearTimeout(timer);
        timer = window.setTimeout(() => showCopied(false), COPIED_MS);
      },
      (error: unknown) => console.warn('[docsite] Could not copy the code to the clipboard.', error),
    );
  };
  copyButton.addEventListener('click', copy);

  const toggleWrap = () => {
    wrapped = !wrapped;
    pre.classList.toggle(styles.wrapped ?? 'wrapped', wrapped);
    wrapButton?.setAttribute('aria-pressed', String(wrapped));
    showWrapButton(wrapped || overflows(pre));
  };
  const showWrapButton = (show: boolean) => {
    if (show && !wrapButton) {
      wrapButton = document.createElement('button');
      wrapButton.type = 'button';
      wrapButton.className = styles.button ?? '';
      wrapButton.setAttribute('aria-label', t('theme.CodeBlock.wordWrapToggle', 'Toggle word wrap'));
      wrapButton.setAttribute('aria-pressed', String(wrapped));
      wrapButton.title = t('theme.CodeBlock.wordWrapToggle', 'Toggle word wrap');
      wrapButton.innerHTML = iconSvg('wrap', 16);
      wrapButton.addEventListener('click', toggleWrap);
      buttons.insertBefore(wrapButton, copyButton);
    } else if (!show && wrapButton) {
      wrapButton.remove();
      wrapButton = null;
    }
  };
  // Whether the code scrolls sideways (re-measured when the box changes width), from
  // when the block nears the viewport.
  let unwatch: Detach = () => undefined;
  const watch = () => {
    unwatch = watchOverflow(pre, (overflowing) => showWrapButton(wrapped || overflowing));
  };
  const stopWaiting = canObserveVisibility() ? onceVisible(block, watch, MEASURE_MARGIN) : (watch(), () => undefined);

  return () => {
    stopWaiting();
    unwatch();
    window.clearTimeout(timer);
    copyButton.removeEventListener('click', copy);
    wrapButton?.removeEventListener('click', toggleWrap);
  };
}
