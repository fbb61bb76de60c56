// @docusaurus/BrowserOnly, useIsBrowser, ExecutionEnvironment,
// router and theme-common's useColorMode, server-rendered and hydrated.
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BrowserOnly from '../../src/docusaurus/core/BrowserOnly';
import ExecutionEnvironment from '../../src/docusaurus/core/ExecutionEnvironment';
import useIsBrowser from '../../src/docusaurus/core/useIsBrowser';
import { matchPath, Redirect, useHistory, useLocation } from '../../src/docusaurus/core/router';
import { useColorMode } from '../../src/docusaurus/themeCommon';
import { COLOR_MODE_STORAGE_KEY } from '../../src/contexts/ColorMode';
import { click, mount, withProviders } from '../render';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
});
afterEach(() => vi.unstubAllGlobals());

/** Server-renders `ui`, then hydrates that HTML; returns the container and what was logged as errors. */
function ssrThenHydrate(ui: ReactNode): { container: HTMLElement; serverHtml: string; errors: unknown[][] } {
  const serverHtml = renderToString(ui);
  const container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  const error = vi.spyOn(console, 'error');
  act(() => {
    hydrateRoot(container, ui, { onRecoverableError: (e) => console.error('recoverable', e) });
  });
  const errors = [...error.mock.calls];
  error.mockRestore();
  return { container, serverHtml, errors };
}

describe('BrowserOnly and useIsBrowser', () => {
  function Page() {
    const browser = useIsBrowser();
    return (
      <div>
        <span className="flag">{browser ? 'browser' : 'server'}</span>
        <BrowserOnly fallback={<i>loading</i>}>{() => <b>{window.location.protocol}</b>}</BrowserOnly>
      </div>
    );
  }

  it('renders the fallback on the server, and children() once hydrated, without a mismatch', () => {
    const { container, serverHtml, errors } = ssrThenHydrate(<Page />);
    expect(serverHtml).toContain('<i>loading</i>');
    expect(serverHtml).toContain('server');
    expect(errors).toEqual([]);
    expect(container.querySelector('b')).not.toBeNull();
    expect(container.querySelector('i')).toBeNull();
    expect(container.querySelector('.flag')?.textContent).toBe('browser');
  });

  it('renders children() at once in a page mounted on the client (client-side navigation)', () => {
    const root = mount(<Page />);
    expect(root.querySelector('b')).not.toBeNull();
  });

  it('refuses children that are not a function, with a message saying what to write', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Bad = BrowserOnly as unknown as (props: { children: ReactNode }) => ReactNode;
    expect(() => mount(<Bad>{<b>x</b>}</Bad>)).toThrow('must be a function');
    error.mockRestore();
  });

  it('ExecutionEnvironment says a DOM is available here', () => {
    expect(ExecutionEnvironment).toMatchObject({ canUseDOM: true, canUseEventListeners: true, canUseViewport: true });
  });
});

describe('@docusaurus/router', () => {
  function Nav() {
    const history = useHistory();
    const location = useLocation();
    return (
      <div>
        <output>{`${location.pathname}${location.search}|${JSON.stringify(location.state)}`}</output>
        <button className="push" onClick={() => history.push('/community?x=1', { from: 'test' })} />
        <button className="replace" onClick={() => history.replace({ pathname: '/docs/fdc3-intro', hash: '#a' })} />
        <button className="back" onClick={() => history.goBack()} />
      </div>
    );
  }

  it('useHistory pushes and replaces through the theme router; useLocation follows', () => {
    const root = mount(withProviders(<Nav />, { url: '/' }));
    const out = () => root.querySelector('output')?.textContent;
    click(root.querySelector('.push'));
    expect(out()).toBe('/community?x=1|{"from":"test"}');
    click(root.querySelector('.replace'));
    expect(out()).toBe('/docs/fdc3-intro|null');
    click(root.querySelector('.back'));
    expect(out()).toBe('/|null');
  });

  it('Redirect shows a link when pre-rendered and navigates in the browser', () => {
    function Where() {
      return <output>{useLocation().pathname}</output>;
    }
    const ui = withProviders(
      <>
        <Redirect to="/community" />
        <Where />
      </>,
      { url: '/old' },
    );
    expect(renderToString(ui)).toContain('<a href="/community">/community</a>');
    const root = mount(ui);
    expect(root.querySelector('output')?.textContent).toBe('/community');
  });

  it.each([
    ['/users/42', { path: '/users/:id' }, { url: '/users/42', isExact: true, params: { id: '42' } }],
    ['/users/42/edit', { path: '/users/:id' }, { url: '/users/42', isExact: false, params: { id: '42' } }],
    ['/users/42/edit', { path: '/users/:id', exact: true }, null],
    ['/docs/a/b', '/docs/*', { url: '/docs/a/b', isExact: true, params: { '*': 'a/b' } }],
    ['/Users/1', { path: '/users/:id', sensitive: true }, null],
    ['/b/1', { path: ['/a/:n', '/b/:n'] }, { path: '/b/:n', url: '/b/1', params: { n: '1' } }],
  ])('matchPath(%s, %o) is %o', (pathname, options, expected) => {
    const match = matchPath(pathname, options);
    if (expected === null) expect(match).toBeNull();
    else expect(match).toMatchObject(expected);
  });
});

describe('@docusaurus/theme-common useColorMode', () => {
  it('reads and switches the theme colour mode, and null forgets the choice', () => {
    function Probe() {
      const mode = useColorMode();
      return (
        <div>
          <output>{`${mode.colorMode}|${String(mode.colorModeChoice)}|${String(mode.isDarkTheme)}`}</output>
          <button className="dark" onClick={mode.setDarkTheme} />
          <button className="reset" onClick={() => mode.setColorMode(null)} />
        </div>
      );
    }
    const root = mount(withProviders(<Probe />));
    const out = () => root.querySelector('output')?.textContent;
    expect(out()).toBe('light|null|false');
    click(root.querySelector('.dark'));
    expect(out()).toBe('dark|dark|true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    click(root.querySelector('.reset'));
    expect(out()).toBe('light|null|false');
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBeNull();
  });
});
