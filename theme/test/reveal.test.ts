import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAID_OUT_ATTRIBUTE, REVEAL_SLICE_MS, WHOLE_ARTICLE_ATTRIBUTE, revealArticle, revealForEndKey, revealLinkTarget, revealThrough } from '../src/lib/reveal';

/** An article of a header and `count` blocks (each with a code block), in the document. */
function article(count: number): HTMLElement {
  const element = document.createElement('article');
  element.setAttribute('data-article', '/docs/a');
  element.innerHTML =
    '<header><h1>A</h1></header>' +
    Array.from({ length: count }, (_, i) => `<div id="b${i}">block <span id="s${i}">${i}</span><div class="code-block"><pre>${i}</pre></div></div>`).join('');
  document.body.append(element);
  return element;
}

/** Whether each block is laid out for good, checking that its code block is too. */
const laidOut = (element: Element) =>
  [...element.children].map((block) => {
    const code = block.querySelector('.code-block');
    if (code) expect(code.hasAttribute(LAID_OUT_ATTRIBUTE)).toBe(block.hasAttribute(LAID_OUT_ATTRIBUTE));
    return block.hasAttribute(LAID_OUT_ATTRIBUTE);
  });

/** Idle callbacks, run when the test says so, each told the browser is idle for 50 ms. */
function idleQueue() {
  const queue: IdleRequestCallback[] = [];
  vi.spyOn(window, 'requestIdleCallback').mockImplementation((callback) => (queue.push(callback), queue.length));
  return {
    get length() {
      return queue.length;
    },
    runNext() {
      queue.shift()?.({ didTimeout: false, timeRemaining: () => 50 });
    },
  };
}

/**
 * A clock that moves only while blocks are laid out: `perElement` ms for each element of the
 * blocks revealed since the last forced layout (reading a block's position).
 */
function layoutClock(perElement: number) {
  let now = 0;
  let before = 0;
  const clock = { layouts: 0 };
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const revealed = [...(this.closest('[data-article]')?.querySelectorAll(`:scope > [${LAID_OUT_ATTRIBUTE}]`) ?? [])];
    const elements = revealed.reduce((sum, block) => sum + block.getElementsByTagName('*').length + 1, 0);
    if (elements !== before) clock.layouts += 1;
    now += (elements - before) * perElement;
    before = elements;
    return new DOMRect();
  });
  return clock;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(WHOLE_ARTICLE_ATTRIBUTE);
});

describe('revealing a long article', () => {
  it('lays the blocks out top to bottom when the browser is idle, a slice at a time, until stopped', async () => {
    if (!window.requestIdleCallback) window.requestIdleCallback = () => 0;
    const idle = idleQueue();
    // A block (four elements) takes a quarter of a slice, the header (two) an eighth: the
    // first batch is the header alone, then three blocks fit, not a fourth.
    const clock = layoutClock(REVEAL_SLICE_MS / 16);
    const element = article(10);
    const stop = revealArticle(element);
    expect(laidOut(element).some(Boolean)).toBe(false);
    idle.runNext();
    expect(laidOut(element).map(Number).join('')).toBe('11110000000');
    // Four at once now (the cost per element is known): one layout for the batch.
    const layouts = clock.layouts;
    idle.runNext();
    expect(laidOut(element).map(Number).join('')).toBe('11111111000');
    expect(clock.layouts).toBe(layouts + 1);
    // A block revealed meanwhile (a link to it) is skipped, not laid out twice.
    revealThrough(element.querySelector('#s8')!);
    stop();
    idle.runNext();
    expect(laidOut(element).map(Number).join('')).toBe('11111111110');
    expect(idle.length).toBe(0);
  });

  it('scrolls by however far the blocks laid out above move what the reader looks at', () => {
    if (!window.requestIdleCallback) window.requestIdleCallback = () => 0;
    const idle = idleQueue();
    const element = article(6);
    // The reader is past the article (at its footer); each block laid out grows by 100 px.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const grown = element.querySelectorAll(`:scope > [${LAID_OUT_ATTRIBUTE}]`).length * 100;
      if (this === element) return new DOMRect(0, -2000, 800, 1500 + grown);
      const index = [...element.children].indexOf(this);
      return new DOMRect(0, -2000 + index * 200, 800, 200);
    });
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    revealArticle(element);
    idle.runNext();
    const revealed = laidOut(element).filter(Boolean).length;
    expect(revealed).toBeGreaterThan(0);
    // One scroll per batch laid out, by what that batch added above.
    const scrolled = scrollBy.mock.calls.reduce((sum, [options]) => sum + ((options as ScrollToOptions).top ?? 0), 0);
    expect(scrolled).toBe(revealed * 100);
  });

  it('lays out the whole article before the End key scrolls, but not for a key typed into a field', () => {
    const element = article(3);
    const input = document.createElement('input');
    document.body.append(input);
    document.addEventListener('keydown', revealForEndKey, true);
    try {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
      expect(laidOut(element).some(Boolean)).toBe(false);
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
      expect(laidOut(element).every(Boolean)).toBe(true);
    } finally {
      document.removeEventListener('keydown', revealForEndKey, true);
    }
  });

  it('reveals every block above a target and its own, and nothing for an element outside an article', () => {
    const element = article(5);
    revealThrough(element.querySelector('#s2')!);
    expect(laidOut(element)).toEqual([true, true, true, true, false, false]);
    const outside = document.createElement('p');
    document.body.append(outside);
    revealThrough(outside);
    expect(laidOut(element)).toEqual([true, true, true, true, false, false]);
  });

  it('marks a page loaded with a hash as laid out at once, and lays the next article out as usual', async () => {
    const idle = idleQueue();
    document.documentElement.setAttribute(WHOLE_ARTICLE_ATTRIBUTE, '');
    const first = article(3);
    revealArticle(first);
    expect(laidOut(first)).toEqual([true, true, true, true]);
    expect(document.documentElement.hasAttribute(WHOLE_ARTICLE_ATTRIBUTE)).toBe(false);
    expect(idle.length).toBe(0);
    first.remove();
    const next = article(3);
    revealArticle(next);
    expect(laidOut(next).some(Boolean)).toBe(false);
    expect(idle.length).toBe(1);
  });

  it('reveals the blocks above the element a same-page link points to before the browser follows it', () => {
    const element = article(6);
    // As the client entry listens.
    document.addEventListener('click', revealLinkTarget, true);
    const toc = document.createElement('nav');
    toc.innerHTML = '<a href="#s3">fourth</a><a href="/elsewhere#s5">elsewhere</a>';
    document.body.append(toc);
    const seen: boolean[][] = [];
    toc.addEventListener('click', (event) => {
      seen.push(laidOut(element));
      event.preventDefault();
    });
    (toc.querySelector('a[href="/elsewhere#s5"]') as HTMLAnchorElement).click();
    (toc.querySelector('a[href="#s3"]') as HTMLAnchorElement).click();
    expect(seen).toEqual([
      [false, false, false, false, false, false, false],
      [true, true, true, true, true, false, false],
    ]);
    document.removeEventListener('click', revealLinkTarget, true);
  });
});
