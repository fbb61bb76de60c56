//! Starting the client: the boot record the engine embeds in every page, and the
//! data it points to.
import type { Boot, Node, PageData, RouteManifest, SidebarData, SiteData } from '../generated/contract';
import { CONTENT_IN_HTML } from '../content/Article';
import { loadJson } from '../lib/chunks';

/** Id of the `<script type="application/json">` holding the boot record. */
export const BOOT_ELEMENT_ID = '__docsite';

export function readBoot(doc: Document = document): Boot {
  const element = doc.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) {
    throw new Error(`The page has no boot record (<script id="${BOOT_ELEMENT_ID}">); was it built by docsite?`);
  }
  return JSON.parse(element.textContent) as Boot;
}

export type BootData = {
  site: SiteData;
  routes: RouteManifest;
  page: PageData;
  sidebar: SidebarData | null;
};

/**
 * Fetches (from the preloads) everything the first render needs, in parallel. A page whose
 * content is all in its HTML comes without it (`Boot.page`): its content is marked
 * `CONTENT_IN_HTML`, so the article stays the server's.
 */
export async function loadBootData(boot: Boot): Promise<BootData> {
  const [site, routes, page, sidebar] = await Promise.all([
    loadJson<SiteData>(boot.site),
    loadJson<RouteManifest>(boot.routes),
    loadJson<PageData>(boot.page),
    boot.sidebar ? loadJson<SidebarData>(boot.sidebar) : Promise.resolve(null),
  ]);
  const shown = page.content.length === 0 ? { ...page, content: CONTENT_IN_HTML as Node[] } : page;
  return { site, routes, page: shown, sidebar };
}
