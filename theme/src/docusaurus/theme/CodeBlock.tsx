//! `@theme/CodeBlock` for a site's React pages, onto the theme's code block (title bar,
//! copy button, line numbers, word-wrap toggle). The code is shown as plain text, one line
//! element per line: the engine highlights the code of Markdown at build time, but code
//! given to a React component exists only in the page's JavaScript, and shipping a
//! highlighter to the browser for it would cost more than it shows. Props: `children` (the
//! code; a final newline is dropped), `language` (or a `language-*` class), `title`,
//! `showLineNumbers` (true, or the first number), and from `metastring` a `title="…"`,
//! `showLineNumbers[=N]` and `{1,3-4}` lines to highlight.
import { Children, type ReactNode } from 'react';
import { CodeBlockView } from '../../components/CodeBlock';

export type Props = {
  children?: ReactNode;
  className?: string;
  metastring?: string;
  title?: ReactNode;
  language?: string;
  showLineNumbers?: boolean | number;
};

type Meta = { title?: string; firstLine?: number; highlighted: Set<number> };

/** The options a Markdown fence would give after its language, as Docusaurus reads them. */
export function parseMetastring(metastring: string | undefined): Meta {
  const meta: Meta = { highlighted: new Set() };
  if (!metastring) return meta;
  const title = /title=(["'])(.*?)\1/.exec(metastring);
  if (title) meta.title = title[2];
  const numbers = /\bshowLineNumbers(?:=(\d+))?/.exec(metastring);
  if (numbers) meta.firstLine = numbers[1] ? Number(numbers[1]) : 1;
  const ranges = /\{([\d,\s-]+)\}/.exec(metastring);
  for (const part of ranges?.[1]?.split(',') ?? []) {
    const [from, to] = part.trim().split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) continue;
    for (let line = from; line <= (to === undefined || Number.isNaN(to) ? from : to); line++) meta.highlighted.add(line);
  }
  return meta;
}

function firstLineOf(showLineNumbers: boolean | number | undefined, meta: Meta): number | null {
  if (typeof showLineNumbers === 'number') return showLineNumbers;
  if (showLineNumbers === true) return 1;
  return meta.firstLine ?? null;
}

/** The code as text when `children` is text (strings and numbers), else null. */
function codeText(children: ReactNode): string | null {
  let text = '';
  let plain = true;
  Children.forEach(children, (child) => {
    if (typeof child === 'string' || typeof child === 'number') text += String(child);
    else if (child !== null && child !== undefined && typeof child !== 'boolean') plain = false;
  });
  return plain ? text : null;
}

export default function CodeBlock({ children, className, metastring, title, language, showLineNumbers }: Props) {
  const meta = parseMetastring(metastring);
  const lang = language ?? /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1] ?? 'text';
  const text = codeText(children);
  const lines = text === null ? null : text.replace(/\r?\n$/, '').split(/\r?\n/);
  return (
    <CodeBlockView lang={lang} title={title ?? meta.title} firstLine={firstLineOf(showLineNumbers, meta)}>
      {lines === null
        ? children
        : lines.map((line, index) => (
            <span key={index} className={meta.highlighted.has(index + 1) ? 'line highlighted' : 'line'}>
              {line}
            </span>
          ))}
    </CodeBlockView>
  );
}
