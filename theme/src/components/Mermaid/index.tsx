//! A mermaid diagram. The server (and the first client render) show the source in a
//! visually hidden `<pre>`; after hydration the SVG is drawn in the current colour mode
//! (and redrawn when the mode changes) by `draw.ts`, a chunk of its own that loads mermaid
//! on demand when the diagram nears the viewport: neither is part of the first view.
//! When the engine knows the size the diagram is drawn at (`width`, `height`, `fit`: from
//! the site's `diagram-sizes` data file), the server renders an empty box of that size in
//! its place, so drawing it moves nothing on the page.
import { useEffect, useRef, useState } from 'react';
import type { ContentComponentProps } from '../../content/components';
import { useColorMode } from '../../contexts/ColorMode';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export type Props = ContentComponentProps;

export function Mermaid({ node }: Props) {
  const code = node.a?.code ?? '';
  const width = Number(node.a?.width);
  const height = Number(node.a?.height);
  const reserved = width > 0 && height > 0;
  const { colorMode } = useColorMode();
  const ref = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<{ svg: string | null; error: string | null }>({ svg: null, error: null });
  const box = useRef<HTMLDivElement>(null);

  // The full-size view of a diagram scaled too small to read (zoom.ts, loaded with draw.ts).
  useEffect(() => {
    if (!drawn.svg || !box.current) return;
    let undo: (() => void) | undefined;
    let cancelled = false;
    const element = box.current;
    import('./zoom').then(({ attachZoom }) => {
      if (!cancelled) undo = attachZoom(element);
    }, () => undefined);
    return () => {
      cancelled = true;
      undo?.();
    };
  }, [drawn.svg]);

  useEffect(() => {
    let cancel: (() => void) | undefined;
    let cancelled = false;
    import('./draw')
      .then(({ drawWhenNeeded }) => {
        if (!cancelled && ref.current) {
          cancel = drawWhenNeeded(ref.current, code, colorMode === 'dark', (svg, error) => setDrawn({ svg, error }));
        }
      })
      .catch((reason: unknown) => console.error('[docsite] Could not load the diagram renderer.', reason));
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [code, colorMode]);

  return (
    <div ref={ref} className={`mermaid-diagram ${styles.diagram}`}>
      <pre className="visually-hidden">{code}</pre>
      {drawn.svg ? <div ref={box} className={styles.svg} tabIndex={0} role="group" aria-label={t('docsite.Mermaid.ariaLabel', 'Diagram')} dangerouslySetInnerHTML={{ __html: drawn.svg }} /> : null}
      {!drawn.svg && !drawn.error && reserved ? (
        <div className={styles.svg} aria-hidden="true">
          <div
            className={`mermaid-placeholder ${styles.placeholder}`}
            // As wide as the column allows, up to the diagram's own width, in its proportions.
            style={{ width: '100%', maxWidth: `${width}px`, aspectRatio: `${width} / ${height}` }}
          />
        </div>
      ) : null}
      {drawn.error ? <p className={styles.error}>Diagram could not be rendered: {drawn.error}</p> : null}
    </div>
  );
}
