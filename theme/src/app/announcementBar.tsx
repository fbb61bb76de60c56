//! The announcement bar, a chunk of its own that only a site with a bar loads (most have
//! none, and every page of every site paid for its code in the first view). Like the blog's
//! views (`blogViews.tsx`), the chunk is loaded *before* the first render: the server bundle
//! at import (`entry-server.tsx`), the client before hydrating (`entry-client.tsx`); the
//! site data, and so whether there is a bar, is the same for every page of a build.
import { useEffect, useState } from 'react';
import type { SiteData } from '../generated/contract';
import { useSiteData } from '../contexts/SiteData';
import { readStorage, removeStorage, writeStorage } from '../lib/storage';
import { IconClose } from '../components/Icons';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } from '../components/AnnouncementBar/keys';
import { t } from '../lib/i18n';
import { loadOnce } from '../lib/loadOnce';

/**
 * The theme's parts the bar uses, handed in rather than imported: a chunk that imports
 * modules of the entry's graph makes the bundler split that graph into extra shared chunks
 * (see `blogViews.tsx`).
 */
const parts = { useEffect, useState, readStorage, removeStorage, writeStorage, IconClose, t, ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY };

export type AnnouncementBarParts = typeof parts;

type BarModule = typeof import('../components/AnnouncementBar');

const bar = loadOnce<BarModule>(() => import('../components/AnnouncementBar'));

/** The module of the bar's chunk, as Vite's manifest keys it (for its stylesheet). */
export const ANNOUNCEMENT_BAR_SOURCE = 'src/components/AnnouncementBar/index.tsx';

/** Loads the bar's code once; a failed load may be retried. */
export function loadAnnouncementBar(): Promise<BarModule> {
  return bar.load();
}

/** Loads the bar's code when the site has a bar; resolves at once otherwise. */
export async function preloadAnnouncementBar(site: Pick<SiteData, 'announcementBar'>): Promise<void> {
  if (site.announcementBar) await loadAnnouncementBar();
}

/** The site's announcement bar, if it has one (its code loaded before: see the module comment). */
export function AnnouncementBar() {
  const { announcementBar } = useSiteData();
  if (!announcementBar) return null;
  const module = bar.current();
  if (!module) throw new Error('The announcement bar was rendered before its code was loaded.');
  return <module.AnnouncementBar bar={announcementBar} parts={parts} />;
}
