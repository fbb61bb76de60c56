//! One configured link (`LinkData`) as a navbar entry.
import type { LinkData } from '../../generated/contract';
import { usePageData } from '../../contexts/PageData';
import { isExternalUrl, isLinkActive } from '../../lib/paths';
import { IconExternal } from '../Icons';
import { Link } from '../Link';
import styles from './styles.module.css';

export type NavbarLinkProps = {
  link: LinkData;
  mobile: boolean;
  /** Overrides the computed active state. */
  active?: boolean;
};

export function NavbarLink({ link, mobile, active }: NavbarLinkProps) {
  const { path } = usePageData();
  const target = link.to ?? link.href ?? '#';
  const isActive = active ?? (link.to !== null && isLinkActive(path, link));
  return (
    <Link
      to={target}
      // `className` and `aria-label` as Docusaurus's NavbarNavLink puts them: an icon link
      // has no label, its class draws the icon (`.header-github-link::before`).
      // Docusaurus's classes (`navbar__item navbar__link`, `menu__link` in the drawer), which
      // site CSS targets.
      className={`${mobile ? `menu__link ${styles.mobileLink}` : `navbar__item navbar__link ${styles.link}`} ${isActive ? `${mobile ? 'menu__link' : 'navbar__link'}--active ${styles.active}` : ''} ${link.className ?? ''}`}
      aria-label={link.ariaLabel}
      aria-current={isActive ? 'page' : undefined}
    >
      {link.label}
      {/* As in Docusaurus, an `href` to a path of the site (`/training`) has no external mark. */}
      {link.href && isExternalUrl(link.href) ? <IconExternal className={styles.external} /> : null}
    </Link>
  );
}
