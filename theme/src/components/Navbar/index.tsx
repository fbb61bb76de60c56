//! The fixed top navbar: logo and title, configured items left and right, the colour
//! mode switch, and (at 996 px and below) the menu button that opens the drawer. The drawer
//! is a chunk of its own, fetched when the browser is first idle on a narrow screen (the
//! menu button shown), or on the first press if that comes sooner; a desktop never needs it.
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { usePageData } from '../../contexts/PageData';
import { useSiteData } from '../../contexts/SiteData';
import { useHideOnScroll } from '../../hooks/useHideOnScroll';
import { ColorModeToggle } from '../ColorModeToggle';
import { onIdle } from '../../lib/idle';
import { loadOnce } from '../../lib/loadOnce';
import { IconMenu } from '../Icons';
import { Link } from '../Link';
import { Logo } from '../Logo';
import type { Props as DrawerProps } from '../MobileDrawer';
import { NavbarItemView } from '../NavbarItem';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

const drawerModule = loadOnce(() => import('../MobileDrawer'));

/** Logo and title, linking home. */
export function NavbarBrand() {
  const { navbar } = useSiteData();
  const { logo, title } = navbar;
  const href = logo?.href || '/';
  return (
    <Link to={href} className={styles.brand}>
      {/* A logo whose alt text repeats the title beside it is decoration: the link reads once. */}
      {logo ? <Logo logo={logo.alt === title ? { ...logo, alt: '' } : logo} className={styles.logo} /> : null}
      {title ? <b className={styles.title}>{title}</b> : null}
    </Link>
  );
}

export function Navbar() {
  const { navbar, colorMode } = useSiteData();
  const { path } = usePageData();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [Drawer, setDrawer] = useState<ComponentType<DrawerProps> | undefined>(() => drawerModule.current()?.MobileDrawer);
  const menuButton = useRef<HTMLButtonElement>(null);
  /** Loads the drawer (once; again after a failure), then opens it when `open`. */
  const loadDrawer = useCallback((open: boolean) => {
    drawerModule.load().then(
      (module) => {
        setDrawer(() => module.MobileDrawer);
        if (open) setDrawerOpen(true);
      },
      (error: unknown) => open && console.warn('[docsite] Could not load the navigation drawer.', error),
    );
  }, []);
  const hidden = useHideOnScroll(navbar.hideOnScroll && !drawerOpen, location.key, location.hash);
  /** Closed by the reader (close button, Escape, backdrop): focus goes back to the menu button. */
  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    const button = menuButton.current;
    if (button && button.offsetParent !== null) button.focus();
  }, []);

  // Any navigation closes the drawer.
  useEffect(() => setDrawerOpen(false), [path]);
  useEffect(() => onIdle(() => menuButton.current?.offsetParent && loadDrawer(false)), [loadDrawer]);

  const left = navbar.items.filter((item) => item.position === 'left');
  const right = navbar.items.filter((item) => item.position === 'right');
  const search = right.filter((item) => item.type === 'search');
  const rightOthers = right.filter((item) => item.type !== 'search');
  // `navbar.style`: Docusaurus's class (`navbar--dark`), styled by styles/tokens.css.
  const style = navbar.style ? ` navbar--${navbar.style}` : '';

  return (
    <nav aria-label={t('theme.NavBar.navAriaLabel', 'Main')} className={`navbar ${styles.navbar} ${hidden ? `${styles.hidden} navbar--hidden` : ''}${style}`}>
      <div className={styles.inner}>
        <div className={styles.side}>
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-label={t('theme.docs.sidebar.toggleSidebarButtonAriaLabel', 'Toggle navigation bar')}
            aria-expanded={drawerOpen}
            onClick={() => (Drawer ? setDrawerOpen((open) => !open) : loadDrawer(true))}
          >
            <IconMenu />
          </button>
          <NavbarBrand />
          <div className={styles.items}>
            {left.map((item) => (
              <NavbarItemView key={item.configPath} item={item} />
            ))}
          </div>
        </div>
        <div className={`${styles.side} ${styles.right}`}>
          <div className={styles.items}>
            {rightOthers.map((item) => (
              <NavbarItemView key={item.configPath} item={item} />
            ))}
          </div>
          {colorMode.disableSwitch ? null : <ColorModeToggle />}
          {search.length > 0 ? (
            <div className={styles.search}>
              {search.map((item) => (
                <NavbarItemView key={item.configPath} item={item} />
              ))}
            </div>
          ) : null}
        </div>
      </div>
      {drawerOpen && Drawer ? <Drawer onClose={closeDrawer} /> : null}
    </nav>
  );
}
