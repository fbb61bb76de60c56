//! Under a doc: its tags (each linking to the tag's page) and the "Edit this page" link
//! (front matter `custom_edit_url`, or `docs.editUrl` and the source's path).
import { usePageData } from '../../contexts/PageData';
import { IconExternal } from '../Icons';
import { Link } from '../Link';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export function DocFooter() {
  const { tags, editUrl } = usePageData();
  if (tags.length === 0 && !editUrl) return null;
  return (
    <footer className={styles.docFooter}>
      {tags.length > 0 ? (
        <div className={styles.tags}>
          <b>{t('theme.tags.tagsListLabel', 'Tags:')}</b>
          <ul className={styles.tagList}>
            {tags.map((tag) => (
              <li key={tag.href}>
                <Link to={tag.href} className={styles.tag}>
                  {tag.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {editUrl ? (
        <Link to={editUrl} className={styles.edit}>
          {t('theme.common.editThisPage', 'Edit this page')}
          <IconExternal className={styles.external} />
        </Link>
      ) : null}
    </footer>
  );
}
