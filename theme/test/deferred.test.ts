// What waits for the first paint: the theme's JavaScript, started by the inline head script
// (`startAfterFirstPaint`) from the inert tags of the template (`app/deferredEntry.ts`).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAfterFirstPaint } from '../src/app/headScripts';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from '../src/app/deferredEntry';

describe('startAfterFirstPaint', () => {
  /** The callback of the last PerformanceObserver created, and what it observes. */
  let observed: { callback: PerformanceObserverCallback; options?: PerformanceObserverInit; disconnected: boolean; instance: FakeObserver } | null;
  /** What the script added to the head (kept out of it: the test environment would fetch it). */
  let added: Element[];
  let readyState: DocumentReadyState;
  let visibility: DocumentVisibilityState;
  const listeners: { target: string; type: string; callback: () => void }[] = [];

  class FakeObserver {
    static supportedEntryTypes = ['paint', 'resource'];
    private readonly record: NonNullable<typeof observed>;
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, disconnected: false, instance: this };
      observed = this.record;
    }
    observe(options: PerformanceObserverInit) {
      this.record.options = options;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }

  /** Reports paint entries to the observer, as the browser does once they are on screen. */
  function report(...names: string[]) {
    const entries = names.map((name) => ({ name, entryType: 'paint', startTime: 100 }));
    const list = { getEntriesByName: (name: string) => entries.filter((e) => e.name === name) };
    observed!.callback(list as unknown as PerformanceObserverEntryList, observed!.instance as unknown as PerformanceObserver);
  }

  function fire(target: string, type: string) {
    for (const l of listeners.filter((l) => l.target === target && l.type === type)) l.callback();
  }

  const url = (path: string) => new URL(path, window.location.href).href;
  const started = () => ({
    scripts: added.filter((e) => e instanceof HTMLScriptElement && e.type === 'module').map((s) => (s as HTMLScriptElement).src),
    preloads: added.filter((e) => e instanceof HTMLLinkElement && e.rel === 'preload').map((l) => [(l as HTMLLinkElement).href, (l as HTMLLinkElement).as, (l as HTMLLinkElement).crossOrigin]),
    modulePreloads: added.filter((e) => e instanceof HTMLLinkElement && e.rel === 'modulepreload').map((l) => (l as HTMLLinkElement).href),
  });

  function run() {
    startAfterFirstPaint('boot', DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL, 2000);
  }

  beforeEach(() => {
    observed = null;
    readyState = 'loading';
    visibility = 'visible';
    listeners.length = 0;
    added = [];
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.spyOn(document, 'addEventListener').mockImplementation((type: string, callback: unknown) => {
      listeners.push({ target: 'document', type, callback: callback as () => void });
    });
    vi.spyOn(window, 'addEventListener').mockImplementation((type: string, callback: unknown) => {
      listeners.push({ target: 'window', type, callback: callback as () => void });
    });
    document.head.innerHTML =
      '<script id="boot" type="application/json">{"site":"/_docsite/site/a.json","page":"/_docsite/pages/b.json","sidebar":null}</script>' +
      `<script type="${DEFERRED_MODULE_TYPE}" crossorigin src="/assets/index-x.js"></script>` +
      `<link rel="${DEFERRED_PRELOAD_REL}" crossorigin href="/assets/runtime-y.js">`;
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
      added.push(node as unknown as Element);
      return node;
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    document.head.innerHTML = '';
  });

  it('starts nothing before the first contentful paint, then the data preloads, the module preloads and the entry', () => {
    run();
    expect(observed?.options).toEqual({ type: 'paint', buffered: true });
    readyState = 'interactive';
    fire('document', 'DOMContentLoaded');
    report('first-paint');
    expect(started()).toEqual({ scripts: [], preloads: [], modulePreloads: [] });

    report('first-contentful-paint');
    expect(observed?.disconnected).toBe(true);
    expect(started()).toEqual({
      scripts: [url('/assets/index-x.js')],
      // Every chunk the boot record names (not the sidebar it has none of), fetched in CORS mode.
      preloads: [
        [url('/_docsite/site/a.json'), 'fetch', 'anonymous'],
        [url('/_docsite/pages/b.json'), 'fetch', 'anonymous'],
      ],
      modulePreloads: [url('/assets/runtime-y.js')],
    });
    // Once only, whatever fires next.
    fire('document', 'DOMContentLoaded');
    report('first-contentful-paint');
    expect(started().scripts).toHaveLength(1);
  });

  it('waits for the document to be parsed when the paint comes first', () => {
    run();
    report('first-contentful-paint');
    expect(started().scripts).toEqual([]);
    readyState = 'interactive';
    fire('document', 'DOMContentLoaded');
    expect(started().scripts).toEqual([url('/assets/index-x.js')]);
  });

  it('does not wait for a paint a hidden page never reports, nor without paint timing', () => {
    visibility = 'hidden';
    readyState = 'complete';
    run();
    expect(observed).toBeNull();
    expect(started().scripts).toEqual([url('/assets/index-x.js')]);

    added = [];
    visibility = 'visible';
    vi.stubGlobal('PerformanceObserver', undefined);
    run();
    expect(started().scripts).toEqual([url('/assets/index-x.js')]);
  });

  it('starts when the page goes hidden before its paint, or some time after load without one', () => {
    readyState = 'complete';
    run();
    visibility = 'hidden';
    fire('document', 'visibilitychange');
    expect(started().scripts).toEqual([url('/assets/index-x.js')]);

    added = [];
    visibility = 'visible';
    vi.useFakeTimers();
    listeners.length = 0;
    run();
    fire('window', 'load');
    vi.advanceTimersByTime(1999);
    expect(started().scripts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started().scripts).toEqual([url('/assets/index-x.js')]);
  });
});
