// @docusaurus/useDocusaurusContext: siteConfig (customFields included) from the site data.
import { describe, expect, it } from 'vitest';
import useDocusaurusContext from '../../src/docusaurus/core/useDocusaurusContext';
import { mount, withProviders } from '../render';
import { site } from '../fixtures';

describe('useDocusaurusContext', () => {
  it('gives siteConfig with customFields, favicon and the themeConfig subset, and i18n', () => {
    let seen: ReturnType<typeof useDocusaurusContext> | null = null;
    function Probe() {
      seen = useDocusaurusContext();
      return null;
    }
    mount(withProviders(<Probe />));
    const { siteConfig, i18n } = seen!;
    // Expected values come from the fixture site: the hook maps its keys, it adds none.
    expect(siteConfig).toMatchObject({
      title: site.title,
      tagline: site.tagline,
      url: site.url,
      baseUrl: site.baseUrl,
      favicon: site.favicon,
      customFields: site.customFields,
    });
    const logo = site.navbar.logo!;
    expect(siteConfig.themeConfig.navbar.title).toBe(site.navbar.title);
    // Docusaurus leaves a missing size undefined where the site data has null.
    expect(siteConfig.themeConfig.navbar.logo).toMatchObject({ alt: logo.alt, src: logo.src, height: logo.height, width: undefined });
    expect(logo.width).toBeNull();
    expect(siteConfig.themeConfig.colorMode).toEqual(site.colorMode);
    const code = site.locale.code;
    expect(i18n).toMatchObject({ currentLocale: code, defaultLocale: code, locales: [code] });
  });
});

