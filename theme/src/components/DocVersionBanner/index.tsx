//! The banner of unreleased (next) and unmaintained (old) docs versions, pointing to
//! the same doc in the latest version. Its first sentence is the version's `bannerText`
//! when the config gives one, else a sentence for the banner's kind.
import { usePageData } from '../../contexts/PageData';
import { usePreferredVersion } from '../../contexts/PreferredVersion';
import { useSiteData } from '../../contexts/SiteData';
import { findVersion } from '../../lib/versions';
import { Link } from '../Link';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';
import { Translated } from '../Translated';

export function DocVersionBanner() {
  const site = useSiteData();
  const page = usePageData();
  const { savePreferredVersion } = usePreferredVersion();
  const version = page.version ? findVersion(site, page.version) : undefined;
  // The latest release of the page's own docs instance (`site.lastVersion` is the default one's).
  const latest = version?.pluginId ? site.versions.find((v) => v.isLast && v.pluginId === version.pluginId) : findVersion(site, site.lastVersion);
  if (!version?.banner || !latest) return null;
  const latestRoute = page.versionRoutes[latest.name] ?? latest.mainDocPath;
  return (
    <div className={styles.banner} role="note">
      <p>
        {version.bannerText ??
          (version.banner === 'unreleased'
            ? t('theme.docs.versions.unreleasedVersionLabel', 'This is unreleased documentation for {siteTitle} {versionLabel} version.', { siteTitle: site.title, versionLabel: version.label })
            : t('theme.docs.versions.unmaintainedVersionLabel', 'This is documentation for {siteTitle} {versionLabel}, which is no longer actively maintained.', { siteTitle: site.title, versionLabel: version.label }))}
      </p>
      <p>
        <Translated
          id="theme.docs.versions.latestVersionSuggestionLabel"
          message="For up-to-date documentation, see the {latestVersionLink} ({versionLabel})."
          values={{
            versionLabel: latest.label,
            latestVersionLink: (
              <b>
                <Link to={latestRoute} onClick={() => savePreferredVersion(latest.name)}>
                  {t('theme.docs.versions.latestVersionLinkLabel', 'latest version')}
                </Link>
              </b>
            ),
          }}
        />
      </p>
    </div>
  );
}
