// @docusaurus/Translate, @docusaurus/Interpolate, @docusaurus/isInternalUrl and @theme/TOCInline:
// Docusaurus's signatures, the default locale's messages.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { interpolate } from '../../src/docusaurus/core/Interpolate';
import Translate, { translate } from '../../src/docusaurus/core/Translate';
import isInternalUrl from '../../src/docusaurus/core/isInternalUrl';
import TOCInline from '../../src/docusaurus/theme/TOCInline';

describe('@docusaurus/Translate', () => {
  it('gives the message with its values, or the id when there is no message', () => {
    expect(translate({ id: 'a', message: 'Hello {name}, {other}' }, { name: 'Ada' })).toBe('Hello Ada, {other}');
    expect(translate({ id: 'only.id' })).toBe('only.id');
    expect(() => translate({} as { id: string })).toThrow(/at least a translation id/);
    expect(renderToStaticMarkup(<Translate id="x" values={{ n: 2, b: <b>bold</b> }}>{'{n} and {b}'}</Translate>)).toBe('2 and <b>bold</b>');
  });
  it('interpolate keeps text a string and elements as nodes', () => {
    expect(interpolate('{a}-{b}', { a: 1, b: 'x' })).toBe('1-x');
    expect(renderToStaticMarkup(<>{interpolate('see {link}', { link: <a href="/x">here</a> })}</>)).toBe('see <a href="/x">here</a>');
  });
});

describe('@docusaurus/isInternalUrl', () => {
  it('is false for a scheme or a protocol-relative URL', () => {
    expect(['/docs', 'intro', '#x', 'https://a.org', '//cdn.org', 'mailto:x@y'].map((u) => isInternalUrl(u))).toEqual([true, true, true, false, false, false]);
    expect(isInternalUrl(undefined)).toBe(false);
  });
});

describe('@theme/TOCInline', () => {
  const toc = [
    { value: 'A', id: 'a', level: 2 },
    { value: 'B', id: 'b', level: 3 },
    { value: 'C', id: 'c', level: 4 },
    { value: '<code>D</code>', id: 'd', level: 2 },
  ];
  it('lists levels 2 to 3 by default, nested', () => {
    expect(renderToStaticMarkup(<TOCInline toc={toc} />)).toContain('<ul class="table-of-contents"><li><a href="#a">A</a><ul><li><a href="#b">B</a></li></ul></li><li><a href="#d"><code>D</code></a></li></ul>');
  });
  it('takes other levels', () => {
    expect(renderToStaticMarkup(<TOCInline toc={toc} minHeadingLevel={3} maxHeadingLevel={4} />)).toContain('<ul class="table-of-contents"><li><a href="#b">B</a><ul><li><a href="#c">C</a></li></ul></li></ul>');
  });
});
