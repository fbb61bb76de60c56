//! The back-to-top button of long pages (as Docusaurus's): once the reader is more than
//! `THRESHOLD` px down a page and scrolls back up, a round button in the bottom corner
//! takes them to the top. It is always in the DOM, `visibility: hidden` while not shown
//! (so out of the tab order and the accessibility tree), and fixed, so showing it moves nothing.
import { useEffect, useState } from 'react';
import { IconChevron } from '../Icons';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

/** How far down (px) the reader must be before the button can show. */
export const THRESHOLD = 300;

export function BackToTop() {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < THRESHOLD) setShown(false);
      else if (y < last) setShown(true);
      else if (y > last) setShown(false);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const toTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'instant' : 'smooth' });
  };

  return (
    <button
      type="button"
      className={`${styles.button} ${shown ? styles.shown : ''}`}
      aria-label={t('theme.BackToTopButton.buttonAriaLabel', 'Scroll back to top')}
      title={t('docsite.BackToTopButton.title', 'Back to top')}
      onClick={toTop}
    >
      <IconChevron className={styles.icon} />
    </button>
  );
}
