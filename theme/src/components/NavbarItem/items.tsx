//! The navbar item components, one per `NavbarItem.type` of the contract.
import { useSyncExternalStore, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import type { NavbarItem } from '../../generated/contract';
import { usePageData, useSidebar } from '../../contexts/PageData';
import { usePreferredVersion } from '../../contexts/PreferredVersion';
import { useSiteData } from '../../contexts/SiteData';
import { t } from '../../lib/i18n';
import { localePath } from '../../lib/locales';
import { isLinkActive, normalizePath, splitPath } from '../../lib/paths';
import { activeVersionName, chooseVersionRoute, findVersion, versionDropdownTarget } from '../../lib/versions';
import { Dropdown, type DropdownEntry } from '../Dropdown';
import { IconLanguage } from '../Icons';
import { SearchBar } from '../SearchBar';
import { NavbarLink } from './NavbarLink';
import styles from './styles.module.css';
import type { LinkData, MenuItem, PageData, SidebarData, SidebarItem, SiteData } from '../../generated/contract';

type DocLinkNavbarItem = Extract<NavbarItem, { type: 'docLink' }>;

/** Props of the component for navbar items of type `K`. */
export type ItemProps<K extends NavbarItem['type']> = {
  item: Extract<NavbarItem, { type: K }>;
  mobile: boolean;
};

function linkEntry(link: MenuItem, path: string): DropdownEntry {
  if ('html' in link) return { label: '', to: '', html: link.html };
  return {
    label: link.label,
    className: link.className,
    ariaLabel: link.ariaLabel,
    to: link.to ?? link.href ?? '#',
    external: link.href !== null && link.to === null,
    active: link.to !== null && isLinkActive(path, link),
  };
}

export function LinkItem({ item, mobile }: ItemProps<'link'>) {
  return <NavbarLink link={item.link} mobile={mobile} />;
}

export function DropdownItem({ item, mobile }: ItemProps<'dropdown'>) {
  const { path } = usePageData();
  const entries = item.items.map((link) => linkEntry(link, path));
  return (
    <Dropdown
      label={item.label}
      to={item.to}
      entries={entries}
      active={entries.some((entry) => entry.active)}
      mobile={mobile}
    />
  );
}

export function HtmlItem({ item, mobile }: ItemProps<'html'>) {
  return (
    <div
      className={mobile ? styles.mobileHtml : styles.html}
      dangerouslySetInnerHTML={{ __html: item.value }}
    />
  );
}

/** The search box (its modal and index load on first use). */
export function SearchItem({ mobile }: ItemProps<'search'>) {
  if (mobile) return null;
  return <SearchBar />;
}

/**
 * Every locale of the site, each linking to this page in that locale (a full page load:
 * another locale is another build), then `dropdownItemsAfter`. The query and hash of the
 * address are kept, as in Docusaurus 3: added once hydrated (the pre-rendered page has
 * none) and read again on click (a `#heading` followed since then).
 */
export function LocaleDropdownItem({ item, mobile }: ItemProps<'localeDropdown'>) {
  const site = useSiteData();
  const { path } = usePageData();
  const { search, hash } = useLocation();
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const keep = hydrated ? search + hash : '';
  const entries: DropdownEntry[] = [
    ...site.locales.map((locale) => {
      const to = localePath(site, locale, path);
      return {
        label: locale.label,
        to: to + keep,
        reload: true,
        active: locale.code === site.locale.code,
        onClick: (event: MouseEvent<HTMLAnchorElement>) => {
          event.currentTarget.href = to + window.location.search + window.location.hash;
        },
      };
    }),
    ...item.itemsAfter.map((link) => linkEntry(link, path)),
  ];
  return (
    <Dropdown
      label={mobile ? t('theme.navbar.mobileLanguageDropdown.label', 'Languages') : site.locale.label}
      icon={<IconLanguage size={18} />}
      entries={entries}
      mobile={mobile}
      ariaLabel={t('docsite.localeDropdown.ariaLabel', 'Language: {label}', { label: site.locale.label })}
    />
  );
}

const noSubscription = () => () => undefined;

export function DocLinkItem({ item, mobile }: ItemProps<'docLink'>) {
  const site = useSiteData();
  const page = usePageData();
  const sidebar = useSidebar();
  const { preferredVersion } = usePreferredVersion();
  const version = instanceVersion(site, item.toByVersion, activeVersionName(site, page, preferredVersion));
  const to = chooseVersionRoute(item.toByVersion, version);
  if (to === null) return null;
  const link: LinkData = {
    label: item.label,
    to,
    href: null,
    activeBasePath: null,
    activeBaseRegex: item.activeBaseRegex,
    className: item.className,
    ariaLabel: item.ariaLabel,
  };
  const active = isLinkActive(page.path, link) || (ownsSidebarPage(site.navbar.items, item, page, sidebar, version) && !anyNavbarLinkActive(site.navbar.items, page.path, version));
  return <NavbarLink link={link} mobile={mobile} active={active} />;
}

/**
 * The version an item of one docs instance follows: the active one when it belongs to the
 * item's instance, else that instance's latest release (a page of another instance, or a
 * preference saved there, says nothing about this one's version).
 */
function instanceVersion(site: SiteData, toByVersion: { [version in string]: string }, active: string): string {
  const names = Object.keys(toByVersion);
  const pluginOf = (name: string | undefined) => (name === undefined ? undefined : findVersion(site, name)?.pluginId);
  if (names.length === 0 || pluginOf(active) === pluginOf(names[0])) return active;
  return site.versions.find((v) => v.isLast && names.includes(v.name))?.name ?? active;
}

/**
 * Whether `item` is the doc item that stands for the page's sidebar: several items may
 * point into one sidebar ("Getting Started" and "The Standard" both do), and only one may
 * be current. It is the item whose doc comes last before the page in the sidebar's order
 * (the section the reader is in), else the first of them.
 */
function ownsSidebarPage(
  items: NavbarItem[],
  item: DocLinkNavbarItem,
  page: PageData,
  sidebar: SidebarData | null,
  version: string,
): boolean {
  if (item.activeSidebar === null || page.sidebarId !== item.activeSidebar || page.version !== version) return false;
  const rivals = items.filter((other): other is DocLinkNavbarItem => other.type === 'docLink' && other.activeSidebar === item.activeSidebar);
  const entries = sidebar?.items ?? [];
  let order = readingOrders.get(entries);
  if (!order) readingOrders.set(entries, (order = sidebarRoutes(entries)));
  const here = order.indexOf(page.path);
  let owner = rivals[0];
  let best = -1;
  for (const rival of rivals) {
    const at = order.indexOf(chooseVersionRoute(rival.toByVersion, version) ?? '');
    if (at !== -1 && at <= here && at > best) {
      best = at;
      owner = rival;
    }
  }
  return owner === item;
}

/**
 * Each sidebar's routes in reading order, made once per sidebar object: walked for every
 * page, the sidebar made each page's render grow with the docs of the whole site.
 */
const readingOrders = new WeakMap<SidebarItem[], string[]>();

/** The routes of a sidebar's docs and category pages, in reading order. */
function sidebarRoutes(items: SidebarItem[], out: string[] = []): string[] {
  for (const entry of items) {
    if (entry.type === 'html') continue;
    if (entry.href !== null) out.push(normalizePath(splitPath(entry.href).pathname));
    if (entry.type === 'category') sidebarRoutes(entry.items, out);
  }
  return out;
}

/** Whether some navbar link or doc item matches the page's path itself. */
function anyNavbarLinkActive(items: NavbarItem[], path: string, version: string): boolean {
  return items.some((other) => {
    if (other.type === 'link') return other.link.to !== null && isLinkActive(path, other.link);
    if (other.type !== 'docLink') return false;
    const to = chooseVersionRoute(other.toByVersion, version);
    return to !== null && isLinkActive(path, { to, activeBasePath: null, activeBaseRegex: other.activeBaseRegex });
  });
}

export function DocsVersionDropdownItem({ item, mobile }: ItemProps<'docsVersionDropdown'>) {
  const site = useSiteData();
  const page = usePageData();
  const { preferredVersion, savePreferredVersion } = usePreferredVersion();
  // The versions of the item's docs instance (`docsPluginId`), and the one being read or
  // preferred among them, else its latest release.
  const versions = site.versions.filter((v) => v.pluginId === item.pluginId);
  const activeName = activeVersionName(site, page, preferredVersion);
  const activeVersion = versions.find((v) => v.name === activeName) ?? versions.find((v) => v.isLast) ?? versions[0];
  const entries: DropdownEntry[] = [
    ...item.itemsBefore.map((link) => linkEntry(link, page.path)),
    ...versions.map((version) => ({
      label: version.label,
      to: versionDropdownTarget(page, version),
      active: version.name === activeVersion?.name && page.version === activeVersion.name,
      onClick: () => savePreferredVersion(version.name),
    })),
    ...item.itemsAfter.map((link, index) => ({ ...linkEntry(link, page.path), divider: index === 0 })),
  ];
  return (
    <Dropdown
      label={activeVersion?.label ?? t('theme.navbar.mobileVersionsDropdown.label', 'Versions')}
      entries={entries}
      mobile={mobile}
      ariaLabel={activeVersion ? t('docsite.versionDropdown.ariaLabel', 'Docs version: {label}', { label: activeVersion.label }) : undefined}
    />
  );
}
