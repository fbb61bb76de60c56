//! Mermaid island: draws the diagram whose source the server wrote in a visually hidden
//! `<pre>` (`components/Mermaid/draw.ts`: when it nears the viewport, or when the page is
//! idle), in the current colour mode, and redraws it when the mode changes. The box the
//! server reserved (the diagram's measured size) holds its place until the SVG replaces it.
//! Every diagram is scaled to the column; one too small to read gets a full-size view (zoom.ts).
import { drawWhenNeeded } from '../../components/Mermaid/draw';
import styles from '../../components/Mermaid/styles.module.css';
import { attachZoom } from '../../components/Mermaid/zoom';
import type { Detach } from '../islands';
import { t } from '../../lib/i18n';

function isDark(): boolean {
  return document.documentElement.dataset.theme === 'dark';
}

export function attach(diagram: HTMLElement): Detach {
  const code = diagram.querySelector(':scope > pre')?.textContent ?? '';
  let dark = isDark();
  let cancel: () => void = () => undefined;
  let unzoom: () => void = () => undefined;

  const show = (svg: string | null, error: string | null) => {
    unzoom();
    for (const child of Array.from(diagram.children)) if (child.tagName !== 'PRE') child.remove();
    if (svg) {
      const box = document.createElement('div');
      box.className = styles.svg ?? '';
      box.tabIndex = 0;
      box.setAttribute('role', 'group');
      box.setAttribute('aria-label', t('docsite.Mermaid.ariaLabel', 'Diagram'));
      box.innerHTML = svg;
      diagram.append(box);
      unzoom = attachZoom(box);
    } else if (error) {
      const message = document.createElement('p');
      message.className = styles.error ?? '';
      message.textContent = `Diagram could not be rendered: ${error}`;
      diagram.append(message);
    }
  };
  const draw = () => {
    cancel();
    cancel = drawWhenNeeded(diagram, code, dark, show);
  };
  draw();

  // The colour mode is `html[data-theme]` (set by the toggle and the head script).
  const observer = new MutationObserver(() => {
    if (isDark() === dark) return;
    dark = isDark();
    draw();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

  return () => {
    observer.disconnect();
    cancel();
    unzoom();
  };
}
