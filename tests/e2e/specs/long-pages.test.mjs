// Long pages (SPEC §4 page load, §2 scrolling): an article's first layout covers the screens
// near the viewport, and the rest is laid out once the page is idle (`lib/reveal.ts`); its
// code blocks are laid out only near the viewport (`content-visibility: auto`, theme
// `CodeBlock/styles.module.css`);
// back/forward returns to the block the reader was on with the whole article laid out
// (`lib/fullLayout.ts`), and scrolling never jumps, whichever blocks were laid out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite();
const LONG = '/docs/api/ref/DesktopAgent';

/** Two animation frames: the full layout around a scroll is kept for two. */
const frames = (page, n = 3) =>
  page.evaluate((n) => new Promise((resolve) => {
    const step = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  }), n);

/** The id of a heading of the article about `fraction` of the way down the page. */
const headingAt = (page, fraction) =>
  page.evaluate((fraction) => {
    const headings = [...document.querySelectorAll('[data-article] > h2[id], [data-article] > h3[id]')];
    return headings[Math.floor(headings.length * fraction)].id;
  }, fraction);

/** The article's top-level blocks: [laid out for good, content-visibility, height]. */
const articleBlocks = (page) =>
  page.evaluate(() => [...document.querySelector('[data-article]').children].slice(1).map((block) => [block.hasAttribute('data-laid-out'), getComputedStyle(block).contentVisibility, block.getBoundingClientRect().height]));

/** The article's code blocks: [laid out for good, content-visibility]. */
const codeBlocks = (page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-article] .code-block')].map((block) => [block.hasAttribute('data-laid-out'), getComputedStyle(block).contentVisibility]));

/** The browser is never idle: the article stays as its first layout left it. */
const holdReveal = (page) =>
  page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });

test('a long article is laid out near the viewport first, the rest once the page is idle, and what the reader sees stays', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 412, height: 823 });
  // The theme's JavaScript waits until the page as the server wrote it has been looked at.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(ctx.server.base + LONG, { waitUntil: 'domcontentloaded' });
  // Painted: the stylesheet has applied.
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const first = () => page.evaluate(() => [window.scrollY, document.querySelector('[data-article] > p').getBoundingClientRect().top]);
  const shown = await first();
  const before = await articleBlocks(page);
  assert.ok(before.every(([laidOut, visibility]) => !laidOut && visibility === 'auto'), 'no block is laid out for good before the theme runs');
  assert.ok((await codeBlocks(page)).slice(-10).every(([laidOut, visibility]) => !laidOut && visibility === 'auto'), 'so do code blocks');
  release();
  await waitForApp(page);
  await page.waitForFunction(() => [...document.querySelector('[data-article]').children].every((block) => block.hasAttribute('data-laid-out')), null, { timeout: 15_000 });
  const after = await articleBlocks(page);
  assert.deepEqual(new Set(after.map(([, visibility]) => visibility)), new Set(['visible']));
  assert.deepEqual(new Set((await codeBlocks(page)).map(([, visibility]) => visibility)), new Set(['visible']), 'code blocks too');
  // Far below the viewport they counted as placeholders: laid out, most have heights of their own.
  const changed = after.slice(-20).filter(([, , height], i) => Math.abs(height - before.slice(-20)[i][2]) > 1).length;
  assert.ok(changed >= 10, `laid out, the last blocks have heights of their own: ${before.slice(-20).map(([, , h]) => h)} then ${after.slice(-20).map(([, , h]) => h)}`);
  assert.deepEqual(await first(), shown, 'the top of the page has not moved');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a link in the table of contents to a heading far down, followed before the article is laid out, lands on it for good', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 1400, height: 900 });
  await holdReveal(page);
  await page.goto(ctx.server.base + LONG, { waitUntil: 'networkidle' });
  await waitForApp(page);
  const id = await headingAt(page, 0.7);
  assert.ok((await articleBlocks(page)).every(([laidOut]) => !laidOut), 'nothing is laid out for good yet');
  await page.locator(`nav[aria-label="Table of contents"] a[href="#${id}"]`).click();
  await frames(page, 6);
  const top = () => page.evaluate((id) => document.getElementById(id).getBoundingClientRect().top, id);
  const landed = await top();
  assert.ok(landed >= 0 && landed < 200, `the heading is at the top of the viewport (${landed})`);
  const blocks = await articleBlocks(page);
  const index = await page.evaluate((id) => [...document.querySelector('[data-article]').children].indexOf(document.getElementById(id)) - 1, id);
  assert.ok(blocks.slice(0, index + 1).every(([laidOut]) => laidOut), 'every block above the heading, and the heading, is laid out for good');
  const codeAbove = await page.evaluate((id) => {
    const heading = document.getElementById(id);
    return [...document.querySelectorAll('[data-article] .code-block')].filter((block) => block.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).map((block) => getComputedStyle(block).contentVisibility);
  }, id);
  assert.ok(codeAbove.length > 20 && codeAbove.every((visibility) => visibility === 'visible'), 'so is every code block above it');
  assert.ok(blocks.slice(index + 30).every(([laidOut]) => !laidOut), 'blocks far below it are not');
  // Laying the whole article out (what the page does once idle) does not move it.
  await page.evaluate(() => document.documentElement.setAttribute('data-full-layout', ''));
  await frames(page);
  assert.ok(Math.abs((await top()) - landed) <= 1, `the heading stays at ${landed} px, not ${await top()}`);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('back to a long page shows the content the reader left, however far down', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 412, height: 823 });
  await page.goto(ctx.server.base + LONG, { waitUntil: 'networkidle' });
  await waitForApp(page);
  const id = await headingAt(page, 0.8);
  // The reader jumps far down (the blocks in between are never laid out), then leaves.
  await page.evaluate((id) => document.getElementById(id).scrollIntoView(), id);
  await frames(page);
  const left = await page.evaluate((id) => document.getElementById(id).getBoundingClientRect().top, id);
  await page.evaluate(() => document.querySelector('footer a[href="/docs/fdc3-intro"]').click());
  await page.locator('main h1', { hasText: 'Welcome to FDC3' }).waitFor();
  await page.goBack();
  await page.locator('main h1', { hasText: 'DesktopAgent' }).waitFor();
  await frames(page);
  const back = await page.evaluate((id) => document.getElementById(id).getBoundingClientRect().top, id);
  assert.ok(Math.abs(back - left) <= 2, `the heading is where the reader left it (${left} px from the top), not at ${back} px`);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

for (const [how, reach] of [
  ['loaded with the address', async (page, id) => page.goto(`${ctx.server.base}${LONG}#${id}`, { waitUntil: 'networkidle' })],
  ['reached by a "#" link on the page', async (page, id) => {
    await page.goto(ctx.server.base + LONG, { waitUntil: 'networkidle' });
    await waitForApp(page);
    // A plain fragment link: the browser scrolls to the heading itself.
    await page.evaluate((id) => {
      const link = Object.assign(document.createElement('a'), { href: `#${id}`, textContent: 'jump' });
      document.querySelector('main').prepend(link);
      link.click();
    }, id);
  }],
]) {
  test(`scrolling up from a heading ${how} moves the page by the distance scrolled`, async () => {
    const { page, context, problems } = await openPage(ctx.browser, { width: 412, height: 823 });
    await page.goto(ctx.server.base + LONG, { waitUntil: 'networkidle' });
    const id = await headingAt(page, 0.7);
    await context.close();
    const opened = await openPage(ctx.browser, { width: 412, height: 823 });
    await reach(opened.page, id);
    await waitForApp(opened.page);
    await opened.page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
    await frames(opened.page);
    await opened.page.waitForFunction(() => !document.documentElement.hasAttribute('data-full-layout'));
    const target = (id) => document.getElementById(id).getBoundingClientRect().top;
    const start = await opened.page.evaluate(target, id);
    assert.ok(start >= -2 && start < 150, `the heading is at the top of the viewport (${start})`);
    for (let step = 1; step <= 6; step += 1) {
      await opened.page.mouse.wheel(0, -400);
      await opened.page.waitForFunction(([id, want]) => Math.abs(document.getElementById(id).getBoundingClientRect().top - want) < 3, [id, start + 400 * step], { timeout: 2000 }).catch(() => undefined);
      await frames(opened.page);
      const top = await opened.page.evaluate(target, id);
      assert.ok(Math.abs(top - (start + 400 * step)) <= 2, `after scrolling up ${400 * step} px the heading is ${top - start} px lower`);
    }
    assert.deepEqual(unexpected([...problems, ...opened.problems]), []);
    await opened.context.close();
  });
}

test('a code block holding the focus is drawn whole, and a printed page shows every block', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 412, height: 823 });
  await holdReveal(page);
  await page.goto(ctx.server.base + LONG, { waitUntil: 'networkidle' });
  await waitForApp(page);
  const block = await page.evaluateHandle(() => [...document.querySelectorAll('[data-article] .code-block')].at(-1));
  const visibility = () => block.evaluate((b) => [getComputedStyle(b).contentVisibility, getComputedStyle(b.closest('[data-article] > *')).contentVisibility]);
  assert.deepEqual(await visibility(), ['auto', 'auto']);
  // Paint containment would clip a focus ring drawn at the block's edge.
  await block.evaluate((b) => b.querySelector('button').focus());
  assert.deepEqual(await visibility(), ['visible', 'visible']);
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(() => [...new Set([...document.querySelectorAll('[data-article] *')].map((b) => getComputedStyle(b).contentVisibility))]);
  assert.deepEqual(printed, ['visible']);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a reader who jumps to the end right after load keeps the footer in view while the rest of the article is laid out', async () => {
  for (const route of ['/docs/api/ref/Types', LONG]) {
    const { page, context, problems } = await openPage(ctx.browser, { width: 1280, height: 800 });
    // The browser is idle only when the test says: the layout goes on one idle moment at a
    // time, with the footer looked at after each, whatever the speed of the machine.
    await page.addInitScript(() => {
      window.__idle = [];
      window.requestIdleCallback = (callback) => window.__idle.push(callback);
      window.__runIdle = () => {
        for (const callback of window.__idle.splice(0)) callback({ timeRemaining: () => 10, didTimeout: false });
      };
    });
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    await waitForApp(page);
    // The End key (the browser scrolls there smoothly), or the scrollbar dragged to the end.
    if (route === LONG) await page.keyboard.press('End');
    else await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight);
    const away = [];
    let moments = 0;
    for (;;) {
      const state = await page.evaluate(async () => {
        window.__runIdle();
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const article = document.querySelector('[data-article]');
        return {
          top: Math.round(document.querySelector('footer').getBoundingClientRect().top),
          done: [...article.children].every((block) => block.hasAttribute('data-laid-out')),
        };
      });
      moments += 1;
      if (state.top < 0 || state.top >= 800) away.push(state.top);
      if (state.done || moments > 2000) break;
    }
    // The End key lays the article out at once: the end it scrolls to is the real one.
    if (route !== LONG) assert.ok(moments > 3, `${route}: laid out over several idle moments (${moments})`);
    assert.deepEqual(away, [], `${route}: where the footer was when it left the screen, over ${moments} idle moments`);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  }
});
