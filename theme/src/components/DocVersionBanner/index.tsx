//! The banner of unreleased (next) and unmaintained (old) docs versions, pointing to
//! the same doc in the latest version. Its first sentence is the version's `bannerText`
//! when the config gives one, else a sentence for the banner's kind.
import { usePageData } from '../../contexts/PageData';
import { usePreferredVersion } from '../../contexts/PreferredVersion';
import { useSiteData } from '../../contexts/SiteData';
import { findVersion } from '../../lib/versions';
import { Link } from '../Link';
import styles from './styles.module.css';

export function DocVersionBanner() {
  const site = useSiteData();
  const page = usePageData();
  const { savePreferredVersion } = usePreferredVersion();
  const version = page.version ? findVersion(site, page.version) : undefined;
  const latest = findVersion(site, site.lastVersion);
  if (!version?.banner || !latest) return null;
  const latestRoute = page.versionRoutes[site.lastVersion] ?? latest.mainDocPath;
  return (
    <div className={styles.banner} role="note">
      <p>
        {version.bannerText ??
          (version.banner === 'unreleased'
            ? `This is unreleased documentation for ${site.title} ${version.label} version.`
            : `This is documentation for ${site.title} ${version.label}, which is no longer actively maintained.`)}
      </p>
      <p>
        For up-to-date documentation, see the{' '}
        <b>
          <Link to={latestRoute} onClick={() => savePreferredVersion(latest.name)}>
            latest version
          </Link>
        </b>{' '}
        ({latest.label}).
      </p>
    </div>
  );
}
