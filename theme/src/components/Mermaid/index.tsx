//! A mermaid diagram. The server (and the first client render) show the source in a
//! visually hidden `<pre>`; after hydration mermaid is loaded on demand (never part of
//! the first-view bundle) and the SVG is drawn in the current colour mode, and redrawn
//! when the mode changes.
import { useEffect, useId, useState } from 'react';
import type { ContentComponentProps } from '../../content/components';
import { useColorMode } from '../../contexts/ColorMode';
import styles from './styles.module.css';

export type Props = ContentComponentProps;

let renderCount = 0;

export function Mermaid({ node }: Props) {
  const code = node.a?.code ?? '';
  const { colorMode } = useColorMode();
  const baseId = useId().replace(/[^a-zA-Z0-9]/g, '');
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('mermaid')
      .then(async ({ default: mermaid }) => {
        mermaid.initialize({
          startOnLoad: false,
          theme: colorMode === 'dark' ? 'dark' : 'default',
          securityLevel: 'strict',
        });
        renderCount += 1;
        const result = await mermaid.render(`mermaid-${baseId}-${renderCount}`, code);
        if (!cancelled) {
          setSvg(result.svg);
          setError(null);
        }
      })
      .catch((reason: unknown) => {
        if (cancelled) return;
        console.error('[docsite] Could not render a mermaid diagram.', reason);
        setError(reason instanceof Error ? reason.message : String(reason));
      });
    return () => {
      cancelled = true;
    };
  }, [code, colorMode, baseId]);

  return (
    <div className={`mermaid-diagram ${styles.diagram}`}>
      <pre className="visually-hidden">{code}</pre>
      {svg ? <div className={styles.svg} dangerouslySetInnerHTML={{ __html: svg }} /> : null}
      {error ? <p className={styles.error}>Diagram could not be rendered: {error}</p> : null}
    </div>
  );
}
