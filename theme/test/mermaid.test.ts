import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawWhenNeeded, IDLE_FALLBACK_MS } from '../src/components/Mermaid/draw';

const mermaid = vi.hoisted(() => ({
  initialize: vi.fn(),
  render: vi.fn(async (id: string, code: string) => ({ svg: `<svg id="${id}">${code}</svg>` })),
}));
vi.mock('mermaid', () => ({ default: mermaid }));

/** A stand-in IntersectionObserver: `enter(element)` reports it near the viewport. */
const observed = new Map<Element, (entries: { isIntersecting: boolean }[]) => void>();
class FakeObserver {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe(element: Element) {
    observed.set(element, this.callback);
  }
  disconnect() {
    for (const [element, callback] of observed) if (callback === this.callback) observed.delete(element);
  }
}
const enter = (element: Element) => observed.get(element)?.([{ isIntersecting: true }]);

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  mermaid.initialize.mockClear();
  mermaid.render.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  observed.clear();
});

describe('mermaid diagrams', () => {
  it('are drawn when they near the viewport, not before', async () => {
    const element = document.createElement('div');
    const done = vi.fn();
    drawWhenNeeded(element, 'graph TD; A-->B', false, done);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mermaid.render).not.toHaveBeenCalled();
    enter(element);
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith(expect.stringContaining('graph TD; A-->B'), null));
    expect(mermaid.initialize).toHaveBeenCalledWith(expect.objectContaining({ theme: 'default', securityLevel: 'strict' }));
    expect(observed.has(element)).toBe(false);
  });

  it('are drawn in idle time a few seconds after mounting when the reader never scrolls to them', async () => {
    vi.useFakeTimers();
    const element = document.createElement('div');
    const done = vi.fn();
    drawWhenNeeded(element, 'graph LR; X-->Y', true, done);
    await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_MS - 100);
    expect(mermaid.render).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(mermaid.initialize).toHaveBeenCalledWith(expect.objectContaining({ theme: 'dark' }));
  });

  it('are drawn one at a time, and redrawn at once (no waiting) once they have been needed', async () => {
    const first = document.createElement('div');
    const second = document.createElement('div');
    let inFlight = 0;
    let most = 0;
    const slow = async (id: string) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight -= 1;
      return { svg: `<svg id="${id}"></svg>` };
    };
    mermaid.render.mockImplementationOnce(slow).mockImplementationOnce(slow);
    const done = vi.fn();
    drawWhenNeeded(first, 'a', false, done);
    drawWhenNeeded(second, 'b', false, done);
    enter(first);
    enter(second);
    await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(2));
    expect(most).toBe(1);
    // The colour mode changed: no observer this time, the diagram is drawn again.
    drawWhenNeeded(first, 'a', true, done);
    expect(observed.has(first)).toBe(false);
    await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(3));
  });

  it('hand nothing over once cancelled (unmounted, or the colour mode changed)', async () => {
    const element = document.createElement('div');
    const done = vi.fn();
    const cancel = drawWhenNeeded(element, 'graph TD; A-->B', false, done);
    enter(element);
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).not.toHaveBeenCalled();
  });
});
