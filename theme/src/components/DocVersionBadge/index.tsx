//! The "Version: 2.2" badge above a doc's title (as Docusaurus's), on docs whose instance
//! has more than one version: which version the page belongs to, without opening the dropdown.
import { usePageData } from '../../contexts/PageData';
import { useSiteData } from '../../contexts/SiteData';
import { findVersion } from '../../lib/versions';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export function DocVersionBadge() {
  const site = useSiteData();
  const page = usePageData();
  const found = page.version ? findVersion(site, page.version) : undefined;
  // Shown when the page's docs instance has more than one version, as in Docusaurus.
  const version = found && site.versions.filter((v) => v.pluginId === found.pluginId).length > 1 ? found : undefined;
  if (!version) return null;
  return <span className={`doc-version-badge ${styles.badge}`}>{t('theme.docs.versionBadge.label', 'Version: {versionLabel}', { versionLabel: version.label })}</span>;
}
