//! The page frame shared by every route: skip link, announcement bar, navbar, main
//! region (`<main>`, or a `<div>` around a site's React page), footer, back-to-top
//! button. After a client-side navigation focus returns to the top of the document (as
//! after a full page load), so the next Tab reaches the skip link instead of wherever the
//! link the reader followed used to be.
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { usePageData } from '../../contexts/PageData';
import { AnnouncementBar } from '../../app/announcementBar';
import { BackToTop } from '../BackToTop';
import { Footer } from '../Footer';
import { Navbar } from '../Navbar';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

/** Id of the main region (the skip link's target). */
export const MAIN_ID = '__docsite_main';

export type Props = { children: ReactNode };

/** Focuses the page's article (past a doc page's sidebar), else the main region. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById(MAIN_ID);
  const target = main?.querySelector('article') ?? main;
  if (!target) return;
  // Focus without adding `#__docsite_main` to the address.
  event.preventDefault();
  target.tabIndex = -1;
  target.focus();
  target.scrollIntoView();
}

export function Layout({ children }: Props) {
  const { path, kind } = usePageData();
  // A site's React page has its own landmarks (often its own `<main>`, which may not sit
  // inside another): its region is a plain element, as Docusaurus's main wrapper is.
  const Main = kind === 'reactPage' ? 'div' : 'main';
  const top = useRef<HTMLDivElement>(null);
  const firstPath = useRef(path);

  useEffect(() => {
    if (path === firstPath.current) return;
    firstPath.current = path;
    // A link to an anchor leaves focus to the browser's fragment handling.
    if (window.location.hash) return;
    top.current?.focus({ preventScroll: true });
  }, [path]);

  return (
    <div className={styles.layout}>
      <div ref={top} tabIndex={-1} className={styles.top}>
        <a className={styles.skipLink} href={`#${MAIN_ID}`} onClick={skipToMain}>
          {t('theme.common.skipToMainContent', 'Skip to main content')}
        </a>
      </div>
      <AnnouncementBar />
      <Navbar />
      <Main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        {children}
      </Main>
      <Footer />
      <BackToTop />
    </div>
  );
}
