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

export type Props = ContentComponentProps;

export function Mermaid({ node }: Props) {
  const code = node.a?.code ?? '';
  const width = Number(node.a?.width);
  const height = Number(node.a?.height);
  const reserved = width > 0 && height > 0;
  const { colorMode } = useColorMode();
  const ref = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<{ svg: string | null; error: string | null }>({ svg: null, error: null });

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
      {drawn.svg ? <div className={styles.svg} tabIndex={0} role="group" aria-label="Diagram" dangerouslySetInnerHTML={{ __html: drawn.svg }} /> : null}
      {!drawn.svg && !drawn.error && reserved ? (
        <div className={styles.svg} aria-hidden="true">
          <div
            className={`mermaid-placeholder ${styles.placeholder}`}
            // A scaled diagram (`fit`) is as wide as the column allows, up to its own width,
            // and keeps its proportions; the others keep their natural size.
            style={node.a?.fit ? { width: '100%', maxWidth: `${width}px`, aspectRatio: `${width} / ${height}` } : { width: `${width}px`, height: `${height}px` }}
          />
        </div>
      ) : null}
      {drawn.error ? <p className={styles.error}>Diagram could not be rendered: {drawn.error}</p> : null}
    </div>
  );
}
