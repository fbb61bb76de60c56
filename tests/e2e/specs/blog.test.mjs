// The blog (`[blog]` of docsite.toml, the classic preset's blog plugin of a Docusaurus
// site): `fixtures/blog` has three posts (two per list page), an author from authors.yml,
// tags, truncate markers and a draft. The list is pre-rendered (readable without
// JavaScript), "Read more" navigates client-side to the post, the pager leads to the older
// posts, the feeds list the posts, and the views follow dark mode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite({ fixture: 'blog' });

test('the blog list is pre-rendered: titles, dates, authors, excerpts without JavaScript', async () => {
  const context = await ctx.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`${ctx.server.base}/blog`);
  assert.equal(response.status(), 200);
  assert.match(await page.title(), /^Harbour log/);
  assert.equal(await page.locator('main h1').textContent(), 'Harbour log');
  const posts = page.locator('article.blog-post-summary');
  assert.deepEqual(await posts.locator('h2').allTextContents(), ['The summer ferry timetable', 'Lantern season opens'], 'newest first, two per page');
  const lantern = posts.nth(1);
  assert.equal(await lantern.locator('time').textContent(), 'February 10, 2025');
  assert.equal(await lantern.locator('time').getAttribute('datetime'), '2025-02-10T00:00:00Z');
  assert.equal(await lantern.locator('.blog-post-authors').textContent(), 'Marisol Quay, Tobias Wren');
  // The excerpt ends at the truncate marker; "Read more" leads to the post.
  assert.match(await lantern.textContent(), /lit from the first Friday of February/);
  assert.doesNotMatch(await lantern.textContent(), /fish market/);
  assert.equal(await lantern.locator('a.blog-read-more').getAttribute('href'), '/blog/2025/02/10/lantern-season');
  // A post without a marker is shown whole, without "Read more".
  assert.equal(await posts.nth(0).locator('a.blog-read-more').count(), 0);
  // The draft is not built.
  assert.equal((await fetch(`${ctx.server.base}/blog/2025/04/01/unfinished`)).status, 404);
  // Structured data says it is a blog.
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  assert.ok(ld.some((t) => JSON.parse(t)['@type'] === 'Blog'), ld.join('\n'));
  await context.close();
});

test('"Read more" navigates client-side to the post, with its date, authors, tags and neighbours', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/blog`);
  await page.waitForLoadState('networkidle');
  await waitForApp(page);
  await page.evaluate(() => {
    window.__stayed = true;
  });
  await page.locator('article.blog-post-summary', { hasText: 'Lantern season opens' }).locator('a.blog-read-more').click();
  await page.waitForURL(`${ctx.server.base}/blog/2025/02/10/lantern-season`);
  await page.locator('h1', { hasText: 'Lantern season opens' }).waitFor();
  assert.equal(await page.evaluate(() => window.__stayed), true, 'no full page load');
  assert.match(await page.locator('main').textContent(), /fish market/, 'the whole post');
  assert.equal(await page.locator('main time').first().textContent(), 'February 10, 2025');
  assert.deepEqual(await page.getByRole('list', { name: 'Authors' }).locator('li').allTextContents(), ['Marisol QuayHarbour master', 'Tobias WrenLamplighter']);
  assert.equal(await page.locator('a', { hasText: 'events' }).getAttribute('href'), '/blog/tags/events');
  const pager = page.getByRole('navigation', { name: 'Blog post page navigation' });
  assert.match(await pager.textContent(), /Newer post.*The summer ferry timetable.*Older post.*New tide tables for the winter/s);
  // A link of the article to another post routes client-side too.
  await page.locator('main a', { hasText: 'tide tables' }).first().click();
  await page.waitForURL(`${ctx.server.base}/blog/2025/01/06/new-tide-tables#spring-tides`);
  await page.locator('h1', { hasText: 'New tide tables for the winter' }).waitFor();
  assert.equal(await page.evaluate(() => window.__stayed), true, 'still no full page load');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the pager leads to the older posts and back', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/blog`);
  await page.locator('a', { hasText: 'Older entries' }).click();
  await page.waitForURL(`${ctx.server.base}/blog/page/2`);
  await page.locator('article.blog-post-summary h2', { hasText: 'New tide tables for the winter' }).waitFor();
  assert.equal(await page.locator('article.blog-post-summary').count(), 1);
  await page.locator('a', { hasText: 'Newer entries' }).click();
  await page.waitForURL(`${ctx.server.base}/blog`);
  await page.locator('article.blog-post-summary h2', { hasText: 'The summer ferry timetable' }).waitFor();
  // The tag pages and the archive list the posts too.
  await page.goto(`${ctx.server.base}/blog/tags/schedules`);
  assert.equal(await page.locator('main h1').textContent(), '2 posts tagged with "schedules"');
  await page.goto(`${ctx.server.base}/blog/archive`);
  assert.deepEqual(await page.locator('main h2').allTextContents(), ['2025']);
  assert.equal(await page.locator('main ul.blog-archive li').count(), 3);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the blog has RSS and Atom feeds of its listed posts, newest first', async () => {
  const rss = await fetch(`${ctx.server.base}/blog/rss.xml`);
  assert.equal(rss.status, 200);
  const rssText = await rss.text();
  assert.match(rssText, /^<\?xml[^>]*>\s*<rss version="2.0">/);
  const items = [...rssText.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]);
  assert.deepEqual(items, ['The summer ferry timetable', 'Lantern season opens', 'New tide tables for the winter']);
  assert.match(rssText, /<pubDate>10 Feb 2025 00:00:00 GMT<\/pubDate>/);
  assert.match(rssText, /<channel>\s*<title>Harbour Notes<\/title>\s*<link>https:\/\/example.org\/blog<\/link>/, 'the site title, as Docusaurus');
  const atom = await (await fetch(`${ctx.server.base}/blog/atom.xml`)).text();
  assert.match(atom, /<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
  assert.equal([...atom.matchAll(/<entry>/g)].length, 3);
  assert.match(atom, /<link href="https:\/\/example.org\/blog\/2025\/02\/10\/lantern-season"\/>/);
  assert.match(atom, /<author>\s*<name>Marisol Quay<\/name>/);
});

test('the blog views follow dark mode', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  for (const route of ['/blog', '/blog/2025/02/10/lantern-season']) {
    await page.goto(`${ctx.server.base}${route}`);
    await page.waitForLoadState('networkidle');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    const { color, background } = await page.locator('main h1').evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(document.body).backgroundColor }));
    const lightness = (rgb) => rgb.match(/\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b, 0) / 3;
    assert.ok(lightness(color) > 150 && lightness(background) < 80, `${route}: light text on a dark page (${color} on ${background})`);
  }
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
