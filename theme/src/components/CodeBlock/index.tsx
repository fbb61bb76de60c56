//! React version of the code block, for content rendered by React (pages with on-demand
//! components); an article of static HTML gets the same markup from `content/html.ts` and
//! its behaviour from the `content/islands/codeBlock.ts` island.
//! A highlighted code block. The engine highlights at build time into
//! `<span class="line">` per line with token spans inside; this component adds the
//! title bar, the copy button, for `showLineNumbers` fences (`lineNumbers` = the first
//! number) line numbers drawn by a CSS counter (not part of the copied text) and, when the
//! code is wider than its box, a word-wrap toggle (as Docusaurus's: wraps long lines instead
//! of scrolling sideways); a signature block (`signature`) is wrapped from the start, between
//! its parameters. `CodeBlockView` is the box itself, shared with `@theme/CodeBlock`
//! for site React pages (docusaurus/theme/CodeBlock.tsx), which give their lines as elements.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ContentComponentProps } from '../../content/components';
import { codeText } from '../../content/codeText';
import { compactLines } from '../../content/html';
import { IconCheck, IconCopy, IconWrap } from '../Icons/shaped';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export type Props = ContentComponentProps;

export { codeText, compactLines };

export function CodeBlock({ node }: Props) {
  return (
    <CodeBlockView
      lang={node.a?.lang || 'text'}
      title={node.a?.title}
      firstLine={node.a?.lineNumbers ? Number(node.a.lineNumbers) : null}
      signature={Boolean(node.a?.signature)}
      html={compactLines(node.a?.html ?? '')}
    />
  );
}

export type CodeBlockViewProps = {
  /** Language name, for the `language-*` class. */
  lang: string;
  title?: ReactNode;
  /** Number of the first line when lines are numbered, else null. */
  firstLine: number | null;
  /** A member's signature (the engine tells): wrapped between its parameters. */
  signature?: boolean;
  /** The highlighted code as HTML (line spans), as the engine writes it ... */
  html?: string;
  /** ... or the code as elements (`<span class="line">` per line). */
  children?: ReactNode;
};

export function CodeBlockView({ lang, title, firstLine, signature, html, children }: CodeBlockViewProps) {
  const codeRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  const [wrapped, setWrapped] = useState(false);
  const [scrollable, setScrollable] = useState(false);

  // Whether the code scrolls sideways (re-measured when the box changes width): only then
  // is there anything to wrap. Not rendered on the server, so no layout moves for it.
  useEffect(() => {
    const pre = codeRef.current?.parentElement;
    if (!pre || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrollable(pre.scrollWidth > pre.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(pre);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    const code = codeRef.current;
    if (!code) return;
    navigator.clipboard?.writeText(codeText(code)).then(
      () => setCopied(true),
      (error: unknown) => console.warn('[docsite] Could not copy the code to the clipboard.', error),
    );
  };

  return (
    // `data-laid-out` is set outside React, by the article's lay-out pass (`lib/reveal.ts`),
    // before an island holding the block hydrates.
    <div className={`code-block ${styles.codeBlock}`} suppressHydrationWarning>
      {title ? <div className={styles.title}>{title}</div> : null}
      <div className={styles.body}>
        <pre className={wrapped ? `${styles.pre} ${styles.wrapped}` : styles.pre} data-signature={signature ? '' : undefined} tabIndex={0}>
          <code
            ref={codeRef}
            className={`language-${lang}${firstLine !== null ? ` ${styles.numbered}` : ''}`}
            style={firstLine !== null ? { counterReset: `line ${firstLine - 1}` } : undefined}
            {...(html !== undefined ? { dangerouslySetInnerHTML: { __html: html } } : { children })}
          />
        </pre>
        <div className={styles.buttons}>
        {scrollable || wrapped ? (
          <button
            type="button"
            className={styles.button}
            aria-label={t('theme.CodeBlock.wordWrapToggle', 'Toggle word wrap')}
            aria-pressed={wrapped}
            title={t('theme.CodeBlock.wordWrapToggle', 'Toggle word wrap')}
            onClick={() => setWrapped((on) => !on)}
          >
            <IconWrap size={16} />
          </button>
        ) : null}
        <button
          type="button"
          className={`${styles.button}${copied ? ` ${styles.copied}` : ''}`}
          aria-label={t('theme.CodeBlock.copyButtonAriaLabel', 'Copy code to clipboard')}
          title={t('theme.CodeBlock.copy', 'Copy')}
          onClick={copy}
        >
          {copied ? (
            <>
              <IconCheck size={16} />
              <span>{t('theme.CodeBlock.copied', 'Copied')}</span>
            </>
          ) : (
            <IconCopy size={16} />
          )}
        </button>
        </div>
      </div>
    </div>
  );
}
