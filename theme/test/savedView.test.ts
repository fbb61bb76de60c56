import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreView, saveView } from '../src/lib/savedView';


/** An article of blocks whose tops (relative to the viewport) the test sets. */
function article(tops: number[], height = 100): HTMLElement {
  const element = document.createElement('div');
  tops.forEach((top) => {
    const block = document.createElement('p');
    block.getBoundingClientRect = () => ({ top, bottom: top + height, height }) as DOMRect;
    element.append(block);
  });
  return element;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('saved view', () => {
  it('saves the block at the top of the viewport and scrolls back to it, not to the old position', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(5000);
    // The second block's top is 30 px above the viewport: it is the one the reader sees.
    const view = saveView(article([-500, -30, 70]));
    expect(view).toEqual({ y: 5000, block: 1, top: -30 });
    // Laid out, the blocks above were taller: the same block is now 900 px further down.
    restoreView(article([-500, 870, 970]), view);
    expect(scrollTo).toHaveBeenCalledWith(0, 5000 + 870 + 30);
    // Without an article (or past its end) the position is all there is.
    restoreView(null, saveView(article([-900, -800])));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 5000);
  });
});
