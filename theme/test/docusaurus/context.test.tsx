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
    expect(siteConfig).toMatchObject({
      title: 'FDC3',
      tagline: 'Open standards for the financial desktop',
      url: 'https://fdc3.finos.org',
      baseUrl: '/',
      favicon: 'img/favicon.svg',
      customFields: { repoUrl: 'https://github.com/finos/FDC3' },
    });
    expect(siteConfig.themeConfig.navbar.title).toBe('FDC3');
    expect(siteConfig.themeConfig.navbar.logo).toMatchObject({ alt: 'FDC3 logo', src: '/img/fdc3-logo.svg', height: 32, width: undefined });
    expect(siteConfig.themeConfig.colorMode).toEqual(site.colorMode);
    expect(i18n).toMatchObject({ currentLocale: 'en', defaultLocale: 'en', locales: ['en'] });
  });
});

