// Long pages (SPEC §4 page load, §2 scrolling): an article's code blocks are laid out only
// near the viewport (`content-visibility: auto`, theme `CodeBlock/styles.module.css`);
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

test('a long article lays out its code blocks only near the viewport, and all of them once asked to', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 412, height: 823 });
  await page.goto(ctx.server.base + LONG, { waitUntil: 'networkidle' });
  const lastBlocks = () =>
    page.evaluate(() => [...document.querySelectorAll('[data-article] .code-block')].slice(-8).map((block) => [getComputedStyle(block).contentVisibility, block.getBoundingClientRect().height]));
  const before = await lastBlocks();
  assert.deepEqual(new Set(before.map(([visibility]) => visibility)), new Set(['auto']), 'the last code blocks are laid out only near the viewport');
  await page.evaluate(() => document.documentElement.setAttribute('data-full-layout', ''));
  const laidOut = await lastBlocks();
  assert.deepEqual(new Set(laidOut.map(([visibility]) => visibility)), new Set(['visible']));
  // Far below the viewport they count as 10rem until laid out.
  assert.ok(
    before.some(([, height], i) => Math.abs(height - laidOut[i][1]) > 1),
    `laid out, the last code blocks have heights of their own: ${before.map(([, h]) => h)} then ${laidOut.map(([, h]) => h)}`,
  );
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
  await page.evaluate(() => document.querySelector('nav[aria-label="Docs sidebar"] a[href="/docs/fdc3-intro"]').click());
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
  await page.goto(ctx.server.base + LONG, { waitUntil: 'networkidle' });
  await waitForApp(page);
  const block = await page.evaluateHandle(() => [...document.querySelectorAll('[data-article] .code-block')].at(-1));
  assert.equal(await block.evaluate((b) => getComputedStyle(b).contentVisibility), 'auto');
  // Paint containment would clip a focus ring drawn at the block's edge.
  await block.evaluate((b) => b.querySelector('button').focus());
  assert.equal(await block.evaluate((b) => getComputedStyle(b).contentVisibility), 'visible');
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(() => [...new Set([...document.querySelectorAll('[data-article] *')].map((b) => getComputedStyle(b).contentVisibility))]);
  assert.deepEqual(printed, ['visible']);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
