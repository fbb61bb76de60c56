//! The site footer: link columns (or a flat list), logo and copyright.
import type { MenuItem, LinkData } from '../../generated/contract';
import { useSiteData } from '../../contexts/SiteData';
import { isExternalUrl } from '../../lib/paths';
import { IconExternal } from '../Icons';
import { Link } from '../Link';
import { Logo } from '../Logo';
import styles from './styles.module.css';

function FooterLink({ link }: { link: LinkData }) {
  return (
    <Link to={link.to ?? link.href ?? '#'} className={`footer__link-item ${styles.link} ${link.className ?? ''}`} aria-label={link.ariaLabel}>
      {link.label}
      {/* As in Docusaurus, an `href` to a path of the site has no external mark. */}
      {link.href && link.to === null && isExternalUrl(link.href) ? <IconExternal className={styles.external} /> : null}
    </Link>
  );
}

/** A footer item: a link, or configured HTML (checked by the engine's allow-list). */
function FooterEntry({ item }: { item: MenuItem }) {
  if ('html' in item) return <li dangerouslySetInnerHTML={{ __html: item.html }} />;
  return (
    <li>
      <FooterLink link={item} />
    </li>
  );
}

function itemKey(item: MenuItem): string {
  return 'html' in item ? item.html : `${item.label}\u0000${item.to ?? item.href}`;
}

export function Footer() {
  const { footer } = useSiteData();
  if (!footer) return null;
  const dark = footer.style === 'dark';
  return (
    <footer className={`footer ${styles.footer} ${dark ? `${styles.dark} footer--dark` : ''}`}>
      <div className={styles.inner}>
        {footer.columns.length > 0 ? (
          <div className="row footer__links">
            {footer.columns.map((column) => (
              <div key={column.title} className="col footer__col">
                <div className={styles.columnTitle}>{column.title}</div>
                <ul className={styles.list}>
                  {column.items.map((item) => (
                    <FooterEntry key={itemKey(item)} item={item} />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {footer.links.length > 0 ? (
          <ul className={styles.flat}>
            {footer.links.map((item) => (
              <FooterEntry key={itemKey(item)} item={item} />
            ))}
          </ul>
        ) : null}
        {footer.logo || footer.copyright ? (
          <div className={styles.bottom}>
            {footer.logo ? (
              <Link to={footer.logo.href || '/'}>
                <Logo logo={footer.logo} className={styles.logo} />
              </Link>
            ) : null}
            {footer.copyright ? (
              <div className={styles.copyright} dangerouslySetInnerHTML={{ __html: footer.copyright }} />
            ) : null}
          </div>
        ) : null}
      </div>
    </footer>
  );
}
