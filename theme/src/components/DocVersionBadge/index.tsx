//! The "Version: 2.2" badge above a doc's title (as Docusaurus's), on sites with more than
//! one docs version: which version the page belongs to, without opening the dropdown.
import { usePageData } from '../../contexts/PageData';
import { useSiteData } from '../../contexts/SiteData';
import { findVersion } from '../../lib/versions';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export function DocVersionBadge() {
  const site = useSiteData();
  const page = usePageData();
  const version = page.version && site.versions.length > 1 ? findVersion(site, page.version) : undefined;
  if (!version) return null;
  return <span className={`doc-version-badge ${styles.badge}`}>{t('theme.docs.versionBadge.label', 'Version: {versionLabel}', { versionLabel: version.label })}</span>;
}
