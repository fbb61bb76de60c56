// @docusaurus/Link and @docusaurus/useBaseUrl: base URLs, external and pathname:// links,
// client-side navigation through the theme's router.
import { renderToString } from 'react-dom/server';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Link from '../../src/docusaurus/core/Link';
import useBaseUrl, { addBaseUrl, useBaseUrlUtils } from '../../src/docusaurus/core/useBaseUrl';
import { click, mount, withProviders } from '../render';
import { site } from '../fixtures';

const underFdc3 = { ...site, baseUrl: '/fdc3/' };

beforeEach(() => {
  // Prefetching asks for route chunks; nothing here needs them.
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
});
afterEach(() => vi.unstubAllGlobals());

describe('useBaseUrl', () => {
  it.each([
    ['/img/logo.svg', {}, '/fdc3/img/logo.svg'],
    ['img/logo.svg', {}, '/fdc3/img/logo.svg'],
    ['/fdc3/img/logo.svg', {}, '/fdc3/img/logo.svg'],
    ['/fdc3', {}, '/fdc3/'],
    ['/fdc3/x', { forcePrependBaseUrl: true }, '/fdc3/fdc3/x'],
    ['/docs/intro', { absolute: true }, 'https://fdc3.finos.org/fdc3/docs/intro'],
    ['#part', {}, '#part'],
    ['https://example.org/a', {}, 'https://example.org/a'],
    ['//cdn.example.org/a.js', {}, '//cdn.example.org/a.js'],
    ['', {}, ''],
  ])('%s with %o is %s', (url, options, expected) => {
    expect(addBaseUrl(underFdc3, url, options)).toBe(expected);
  });

  it('reads baseUrl and url from the site data (hook and utils)', () => {
    function Probe() {
      const { withBaseUrl } = useBaseUrlUtils();
      return (
        <p>{`${useBaseUrl('/img/a.png')}|${withBaseUrl('b', { absolute: true })}|${String(useBaseUrl(undefined))}`}</p>
      );
    }
    const html = renderToString(withProviders(<Probe />, { site: underFdc3 }));
    expect(html).toContain('/fdc3/img/a.png|https://fdc3.finos.org/fdc3/b|undefined');
  });
});

/** Clicks `link` and says whether the router took the click (it prevents the document load). */
function routerTook(link: Element | null): boolean {
  let prevented = false;
  const watch = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', watch);
  click(link);
  document.removeEventListener('click', watch);
  return prevented;
}

function Where() {
  return <output>{useLocation().pathname}</output>;
}

describe('@docusaurus/Link', () => {
  it('adds baseUrl to /-paths given as to or href, not when autoAddBaseUrl is false', () => {
    const html = renderToString(
      withProviders(
        <>
          <Link to="/docs/fdc3-intro">a</Link>
          <Link href="/community">b</Link>
          <Link to="/raw" autoAddBaseUrl={false}>
            c
          </Link>
        </>,
        { site: underFdc3 },
      ),
    );
    expect(html).toContain('href="/fdc3/docs/fdc3-intro"');
    expect(html).toContain('href="/fdc3/community"');
    expect(html).toContain('href="/raw"');
  });

  it('marks a link with data-noBrokenLinkCheck so that the engine leaves it unchecked', () => {
    const html = renderToString(
      withProviders(
        <>
          <Link to="/generated/report.html" data-noBrokenLinkCheck>
            report
          </Link>
          <Link to="/docs/fdc3-intro">intro</Link>
        </>,
      ),
    );
    expect(html).toMatch(/<a [^>]*data-no-link-check=""[^>]*>report<\/a>/);
    expect(html).not.toMatch(/<a [^>]*data-no-link-check=""[^>]*>intro<\/a>/);
    expect(html).not.toContain('noBrokenLinkCheck');
  });

  it('opens URLs with a scheme in a new tab, unless the page says otherwise', () => {
    const html = renderToString(
      withProviders(
        <>
          <Link href="https://github.com/finos/FDC3">repo</Link>
          <Link href="https://example.org" target="_self">
            same
          </Link>
        </>,
      ),
    );
    expect(html).toMatch(/<a href="https:\/\/github.com\/finos\/FDC3" target="_blank" rel="noopener noreferrer">repo<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/example.org" target="_self"[^>]*>same<\/a>/);
  });

  it('navigates to a site route client-side, and loads pathname:// targets as documents', () => {
    const root = mount(
      withProviders(
        <>
          <Link to="/community" className="go">
            community
          </Link>
          <Link to="pathname:///community/feed" className="file">
            file
          </Link>
          <Where />
        </>,
      ),
    );
    const file = root.querySelector<HTMLAnchorElement>('a.file');
    expect(file?.getAttribute('href')).toBe("/community/feed");
    expect(routerTook(file)).toBe(false);
    expect(root.querySelector('output')?.textContent).toBe('/docs/api/spec');
    expect(routerTook(root.querySelector('a.go'))).toBe(true);
    expect(root.querySelector('output')?.textContent).toBe('/community');
  });

  it('keeps a target other than _self out of the router', () => {
    const root = mount(
      withProviders(
        <>
          <Link to="/community" target="_blank" className="blank">
            community
          </Link>
          <Where />
        </>,
      ),
    );
    const link = root.querySelector<HTMLAnchorElement>('a.blank');
    expect(routerTook(link)).toBe(false);
    expect(root.querySelector('output')?.textContent).toBe('/docs/api/spec');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('marks a nav link to the current route', () => {
    const html = renderToString(
      withProviders(
        <>
          <Link isNavLink to="/community" className="item">
            here
          </Link>
          <Link isNavLink to="/docs/fdc3-intro" className="item" activeClassName="on">
            there
          </Link>
        </>,
        { url: '/community' },
      ),
    );
    expect(html).toContain('class="item active" aria-current="page"');
    expect(html).not.toContain('item on');
  });

  it('renders a plain anchor without a target', () => {
    expect(renderToString(withProviders(<Link id="x">none</Link>))).toBe('<a id="x">none</a>');
  });
});
