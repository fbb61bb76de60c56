import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageData } from '../src/generated/contract';
import { isBlogPage, loadBlogViews } from '../src/app/blogViews';
import { render } from '../src/entry-server';
import { hydrateServerHtml } from './render';
import { homePage, routes, site } from './fixtures';

const post: PageData = {
  ...homePage,
  kind: 'blogPost',
  path: '/blog/2025/02/10/lanterns',
  title: 'Lantern season opens',
  hideTitle: false,
  content: [{ t: 'p', c: ['The lanterns are lit on Fridays.'] }],
  toc: [{ id: 'route', text: 'The route', level: 2 }],
  hideToc: false,
  previous: { label: 'Ferry timetable', href: '/blog/ferry' },
  next: null,
  tags: [{ label: 'events', href: '/blog/tags/events' }],
  blogPost: {
    dateTime: '2025-02-10T00:00:00Z',
    dateText: 'February 10, 2025',
    authors: [{ name: 'Marisol Quay', title: 'Harbour master', url: 'https://example.org/marisol', imageUrl: null }],
    blog: { label: 'Harbour log', href: '/blog' },
  },
};

const list: PageData = {
  ...homePage,
  kind: 'blogList',
  path: '/blog',
  title: 'Harbour log',
  hideTitle: false,
  content: [{ t: 'p', a: { class: 'blog-empty' }, c: ['There are no posts in this blog yet.'] }],
};

const blogRoutes = {
  ...routes,
  routes: {
    ...routes.routes,
    '/blog': { kind: 'blogList' as const, version: null, chunk: '/data/blog.json', sidebar: null },
    [post.path]: { kind: 'blogPost' as const, version: null, chunk: '/data/post.json', sidebar: null },
  },
};

describe('blog views', () => {
  let unmount: (() => void) | null = null;
  afterEach(() => {
    unmount?.();
    unmount = null;
  });

  it('are only for blog pages', () => {
    expect(isBlogPage(post)).toBe(true);
    expect(isBlogPage(list)).toBe(true);
    expect(isBlogPage(homePage)).toBe(false);
  });

  it('render a post with its date, authors, tags and newer post, and hydrate without errors', async () => {
    await loadBlogViews();
    const { html } = render(post.path, site, blogRoutes, post, null);
    expect(html).toMatch(/<time datetime="2025-02-10T00:00:00Z">February 10, 2025<\/time>/i);
    expect(html).toContain('Marisol Quay');
    expect(html).toContain('Harbour master');
    expect(html).toContain('href="/blog/tags/events"');
    expect(html).toContain('Newer post');
    expect(html).not.toContain('Older post');
    const { root, errors } = hydrateServerHtml(site, blogRoutes, post, null);
    unmount = () => act(() => root.unmount());
    expect(errors).toEqual([]);
    expect(document.querySelector('h1')?.textContent).toBe('Lantern season opens');
  });

  it('render a list page with its title and the engine-written article', async () => {
    await loadBlogViews();
    const { html } = render(list.path, site, blogRoutes, list, null);
    expect(html).toContain('<h1>Harbour log</h1>');
    expect(html).toContain('There are no posts in this blog yet.');
    const { root, errors } = hydrateServerHtml(site, blogRoutes, list, null);
    unmount = () => act(() => root.unmount());
    expect(errors).toEqual([]);
  });
});
