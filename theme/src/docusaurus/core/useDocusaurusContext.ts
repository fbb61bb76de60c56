//! `@docusaurus/useDocusaurusContext` for a site's React pages: `{ siteConfig, i18n }` built
//! from the site data every page already has. `siteConfig` carries the keys site code reads
//! (title, tagline, url, baseUrl, favicon, customFields) and a subset of `themeConfig`
//! (colorMode, navbar title and logo, announcementBar), in Docusaurus's shapes.
import { useMemo } from 'react';
import type { ColorMode, SiteData } from '../../generated/contract';
import { useSiteData } from '../../contexts/SiteData';

export type SiteConfig = {
  readonly title: string;
  readonly tagline: string;
  readonly url: string;
  readonly baseUrl: string;
  readonly favicon: string | undefined;
  readonly customFields: { readonly [key: string]: unknown };
  readonly themeConfig: {
    readonly colorMode: { defaultMode: ColorMode; disableSwitch: boolean; respectPrefersColorScheme: boolean };
    readonly navbar: {
      title: string | undefined;
      hideOnScroll: boolean;
      logo: { alt: string; src: string; srcDark: string; href: string; width: number | undefined; height: number | undefined } | undefined;
    };
    readonly announcementBar:
      | { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean }
      | undefined;
  };
};

export type I18n = {
  readonly defaultLocale: string;
  readonly currentLocale: string;
  readonly locales: readonly string[];
  readonly localeConfigs: { readonly [locale: string]: { label: string; direction: string; htmlLang: string } };
};

export type DocusaurusContext = {
  readonly siteConfig: SiteConfig;
  readonly i18n: I18n;
  /** Plugins' global data: docsite has no plugins, so it is empty. */
  readonly globalData: { readonly [plugin: string]: unknown };
};

/** The context value for a site (pure: the hook below memoises it per site). */
export function docusaurusContext(site: SiteData): DocusaurusContext {
  const { navbar, locale } = site;
  const logo = navbar.logo;
  return {
    siteConfig: {
      title: site.title,
      tagline: site.tagline,
      url: site.url,
      baseUrl: site.baseUrl,
      favicon: site.favicon ?? undefined,
      customFields: site.customFields,
      themeConfig: {
        colorMode: { ...site.colorMode },
        navbar: {
          title: navbar.title ?? undefined,
          hideOnScroll: navbar.hideOnScroll,
          logo: logo
            ? { alt: logo.alt, src: logo.src, srcDark: logo.srcDark, href: logo.href, width: logo.width ?? undefined, height: logo.height ?? undefined }
            : undefined,
        },
        announcementBar: site.announcementBar ? { ...site.announcementBar } : undefined,
      },
    },
    i18n: {
      defaultLocale: site.defaultLocale,
      currentLocale: locale.code,
      locales: site.locales.map((other) => other.code),
      localeConfigs: Object.fromEntries(site.locales.map((other) => [other.code, { label: other.label, direction: other.direction, htmlLang: other.htmlLang }])),
    },
    globalData: {},
  };
}

export default function useDocusaurusContext(): DocusaurusContext {
  const site = useSiteData();
  return useMemo(() => docusaurusContext(site), [site]);
}
