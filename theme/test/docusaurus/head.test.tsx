// @docusaurus/Head and @theme/Layout: tags reach the pre-rendered head (replacing the
// page's defaults) and document.head in the browser, and are withdrawn on unmount.
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHead } from '../../src/app/head';
import Head from '../../src/docusaurus/core/Head';
import { createHeadCollector, HeadCollectorProvider } from '../../src/docusaurus/head/collector';
import { readHeadTags, withHeadTags } from '../../src/docusaurus/head/tags';
import Layout, { noFooterRule } from '../../src/docusaurus/theme/Layout';
import footerStyles from '../../src/components/Footer/styles.module.css';
import { click, mount, withProviders } from '../render';
import { homePage, site } from '../fixtures';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
  document.head.innerHTML =
    '<title>Community | FDC3</title><meta name="description" content="Default"><meta property="og:title" content="Community | FDC3">';
  document.title = 'Community | FDC3';
});
afterEach(() => vi.unstubAllGlobals());

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

/** Server-renders `ui` with a collector, as entry-server does; returns the head it would write. */
function serverHead(ui: React.ReactNode): string {
  const collector = createHeadCollector();
  renderToString(<HeadCollectorProvider collector={collector}>{withProviders(ui)}</HeadCollectorProvider>);
  return withHeadTags(renderHead(site, { ...homePage, path: '/community', title: 'Community', description: 'Default' }), collector.tags);
}

describe('pre-rendered head', () => {
  it('a Head title and description replace the defaults; other tags are added once, the last winning', () => {
    const head = serverHead(
      <>
        <Head>
          <title>First</title>
          <meta name="description" content="Ours &amp; theirs" />
          <meta name="keywords" content="a" />
        </Head>
        <Head>
          <title>Users of FDC3</title>
          <meta name="keywords" content="b" />
          <link rel="alternate" type="application/rss+xml" href="/feed.xml" />
        </Head>
      </>,
    );
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Users of FDC3</title>');
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head).toContain('<meta name="description" content="Ours &amp; theirs">');
    // Tags the page's default head does not have are marked, so the browser can remove them.
    expect(head).toContain('<meta name="keywords" content="b" data-docsite-head>');
    expect(head).not.toContain('content="a"');
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" href="/feed.xml" data-docsite-head>');
    expect(head).toContain('<link rel="canonical" href="https://fdc3.finos.org/community">');
  });

  it('Layout title, description and image become the title, og: tags and twitter:image', () => {
    const head = serverHead(
      <Layout title="Community" description="Who uses FDC3" image="/img/card.png">
        <p>Body</p>
      </Layout>,
    );
    expect(head).toContain('<title>Community | FDC3</title>');
    expect(head).toContain('<meta property="og:title" content="Community | FDC3">');
    expect(head).toContain('<meta name="description" content="Who uses FDC3">');
    expect(head).toContain('<meta property="og:description" content="Who uses FDC3">');
    expect(head).toContain('<meta property="og:image" content="https://fdc3.finos.org/img/card.png" data-docsite-head>');
    expect(head).toContain('<meta name="twitter:image" content="https://fdc3.finos.org/img/card.png" data-docsite-head>');
  });

  it('a Head inside Layout wins over the Layout title', () => {
    const head = serverHead(
      <Layout title="Outer">
        <Head>
          <title>Inner</title>
        </Head>
      </Layout>,
    );
    expect(head).toContain('<title>Inner</title>');
    expect(head).not.toContain('<title>Outer');
  });

  it('leaves out unsupported children with a warning naming them', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const tags = readHeadTags(
      <>
        <script src="/x.js" />
        <meta charSet="utf-8" />
      </>,
      (name) => console.warn(name),
    );
    expect(tags).toEqual([{ tag: 'meta', attributes: { charset: 'utf-8' } }]);
    expect(warn).toHaveBeenCalledWith('<script>');
    warn.mockRestore();
  });
});

describe('document head in the browser', () => {
  it('applies the tags, later Heads winning, and restores each key as Heads unmount', () => {
    function Page() {
      const [inner, setInner] = useState(true);
      return (
        <>
          <Head>
            <title>Outer</title>
            <meta name="description" content="Outer description" />
          </Head>
          {inner ? (
            <Head>
              <title>Inner</title>
              <meta name="robots" content="noindex" />
            </Head>
          ) : null}
          <button onClick={() => setInner(false)} />
        </>
      );
    }
    const root = mount(<Page />);
    expect(document.title).toBe('Inner');
    expect(description()).toBe('Outer description');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    click(root.querySelector('button'));
    expect(document.title).toBe('Outer');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('removes a pre-rendered tag the page added once its Head is gone, and keeps the default ones', () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="robots" content="noindex" data-docsite-head>');
    let hide: () => void = () => undefined;
    function Page() {
      const [shown, setShown] = useState(true);
      hide = () => setShown(false);
      return shown ? (
        <Head>
          <meta name="robots" content="noindex" />
          <meta name="description" content="Default" />
        </Head>
      ) : null;
    }
    mount(<Page />);
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
    act(() => hide());
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(description()).toBe('Default');
  });

  it('puts the page defaults back when the page goes away', () => {
    function Page({ show }: { show: boolean }) {
      return show ? (
        <Layout title="Users" description="Who uses it">
          <p>x</p>
        </Layout>
      ) : null;
    }
    let setShow: (show: boolean) => void = () => undefined;
    function Host() {
      const [show, set] = useState(true);
      setShow = set;
      return withProviders(<Page show={show} />);
    }
    mount(<Host />);
    expect(document.title).toBe('Users | FDC3');
    expect(description()).toBe('Who uses it');
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Users | FDC3');
    act(() => setShow(false));
    expect(document.title).toBe('Community | FDC3');
    expect(description()).toBe('Default');
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Community | FDC3');
  });
});

describe('@theme/Layout', () => {
  it('renders its children in a main-wrapper with wrapperClassName, and hides the footer for noFooter', () => {
    const html = renderToString(
      withProviders(
        <Layout wrapperClassName="home" noFooter>
          <h1>Hi</h1>
        </Layout>,
      ),
    );
    expect(html).toBe(`<div class="main-wrapper home"><style>${noFooterRule()}</style><h1>Hi</h1></div>`);
    // The theme's footer, by its class (no `:has()` rule: it restyled the whole page on every insertion).
    expect(noFooterRule()).toMatch(/^\.\S+\{display:none\}$/);
    expect(noFooterRule()).toContain(`.${footerStyles.footer}{`);
    expect(renderToString(withProviders(<Layout>x</Layout>))).toBe('<div class="main-wrapper">x</div>');
  });
});
