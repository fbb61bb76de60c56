//! A mermaid diagram. The server (and the first client render) show the source in a
//! visually hidden `<pre>`; after hydration the SVG is drawn in the current colour mode
//! (and redrawn when the mode changes) by `draw.ts`, a chunk of its own that loads mermaid
//! on demand when the diagram nears the viewport: neither is part of the first view.
import { useEffect, useRef, useState } from 'react';
import type { ContentComponentProps } from '../../content/components';
import { useColorMode } from '../../contexts/ColorMode';
import styles from './styles.module.css';

export type Props = ContentComponentProps;

export function Mermaid({ node }: Props) {
  const code = node.a?.code ?? '';
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
      {drawn.error ? <p className={styles.error}>Diagram could not be rendered: {drawn.error}</p> : null}
    </div>
  );
}
