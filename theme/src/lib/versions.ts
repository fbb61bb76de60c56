//! Which docs version a reader is looking at, and where a versioned link points.
//! Pure functions, shared by the navbar items and the version dropdown.
import type { PageData, SiteData, VersionData } from '../generated/contract';

/**
 * The version that version-aware links should follow: the version of the page being
 * read, else the reader's stored preference, else the latest release.
 */
export function activeVersionName(
  site: SiteData,
  page: Pick<PageData, 'version'>,
  preferredVersion: string | null,
): string {
  return page.version ?? preferredVersion ?? site.lastVersion;
}

/** The data of a version by name, if the site has it. */
export function findVersion(site: SiteData, name: string): VersionData | undefined {
  return site.versions.find((v) => v.name === name);
}

/**
 * The route of a doc link (`toByVersion`, version name -> route) for the active
 * version; when the doc does not exist there, the first listed version's route.
 */
export function chooseVersionRoute(
  toByVersion: { [version in string]: string },
  activeVersion: string,
): string | null {
  const exact = toByVersion[activeVersion];
  if (exact !== undefined) return exact;
  const first = Object.values(toByVersion)[0];
  return first ?? null;
}

/** Where a version's entry in the version dropdown leads from this page. */
export function versionDropdownTarget(page: Pick<PageData, 'versionRoutes'>, version: VersionData): string {
  return page.versionRoutes[version.name] ?? version.mainDocPath;
}
