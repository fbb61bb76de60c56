//! The page frame shared by every route: skip link, announcement bar, navbar, main
//! region, footer.
import type { ReactNode } from 'react';
import { AnnouncementBar } from '../AnnouncementBar';
import { Footer } from '../Footer';
import { Navbar } from '../Navbar';
import styles from './styles.module.css';

/** Id of the main region (the skip link's target). */
export const MAIN_ID = '__docsite_main';

export type Props = { children: ReactNode };

export function Layout({ children }: Props) {
  return (
    <div className={styles.layout}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      <AnnouncementBar />
      <Navbar />
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
