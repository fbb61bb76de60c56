//! The navigation drawer of narrow viewports (996 px and below). On doc pages it
//! starts on the docs sidebar, with a button back to the navbar items. It closes on
//! navigation (the navbar unmounts it), on Escape, on the backdrop, and when the
//! viewport grows past the breakpoint. While open it is modal: Tab stays inside it and the
//! page behind does not scroll; closed by the reader, focus returns to the menu button.
import { useEffect, useRef, useState } from 'react';
import { useSidebar } from '../../contexts/PageData';
import { useSiteData } from '../../contexts/SiteData';
import { MOBILE_MAX_WIDTH, useMediaQueryChange } from '../../hooks/useMediaQuery';
import { trapTab } from '../../lib/focusTrap';
import { DocSidebar } from '../DocSidebar';
import { IconClose } from '../Icons';
import { NavbarItemView } from '../NavbarItem';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export type Props = { onClose: () => void };

export function MobileDrawer({ onClose }: Props) {
  const { navbar } = useSiteData();
  const sidebar = useSidebar();
  const [panel, setPanel] = useState<'sidebar' | 'main'>(sidebar ? 'sidebar' : 'main');
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);

  useMediaQueryChange(`(min-width: ${MOBILE_MAX_WIDTH + 1}px)`, (wide) => {
    if (wide) onClose();
  });

  useEffect(() => {
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      // Modal: Tab cycles through the drawer, never to the links hidden behind it.
      else if (event.key === 'Tab' && drawerRef.current) trapTab(event, drawerRef.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  const showSidebar = panel === 'sidebar' && sidebar !== null;
  return (
    <>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div ref={drawerRef} className={styles.drawer} role="dialog" aria-modal="true" aria-label={t('docsite.MobileDrawer.ariaLabel', 'Navigation')}>
        <div className={styles.header}>
          <span className={styles.title}>{navbar.title}</span>
          <button
            ref={closeRef}
            type="button"
            className={styles.close}
            aria-label={t('theme.docs.sidebar.closeSidebarButtonAriaLabel', 'Close navigation bar')}
            onClick={onClose}
          >
            <IconClose />
          </button>
        </div>
        <div className={styles.body}>
          {showSidebar ? (
            <>
              <button type="button" className={styles.back} onClick={() => setPanel('main')}>
                ← Back to main menu
              </button>
              <DocSidebar mobile />
            </>
          ) : (
            <ul className={styles.items}>
              {navbar.items
                .filter((item) => item.type !== 'search')
                .map((item) => (
                <li key={item.configPath}>
                  <NavbarItemView item={item} mobile />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </>
  );
}
