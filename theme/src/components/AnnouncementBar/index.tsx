//! The optional announcement bar above the navbar. Readers may close it (when
//! `isCloseable`); the dismissal is remembered with the bar's id, so a new
//! announcement (new id) shows again. The server always renders the bar; for a reader
//! who closed it, the inline head script marks `<html>` before first paint and CSS keeps
//! the bar hidden (no flash), until this component takes over after hydration.
//!
//! A chunk of its own (`app/announcementBar.tsx`), which hands in the theme's parts it uses
//! (React's hooks too: importing `react` here would split React out of the entry).
import type { AnnouncementBarParts } from '../../app/announcementBar';
import type { AnnouncementBarData } from '../../generated/contract';
import styles from './styles.module.css';

export function AnnouncementBar({ bar, parts }: { bar: AnnouncementBarData; parts: AnnouncementBarParts }) {
  const { useEffect, useState, readStorage, removeStorage, writeStorage, IconClose, t, ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } = parts;
  const [dismissed, setDismissed] = useState(false);
  const id = bar.id;

  useEffect(() => {
    if (readStorage(ANNOUNCEMENT_ID_KEY) !== id) {
      writeStorage(ANNOUNCEMENT_ID_KEY, id);
      removeStorage(ANNOUNCEMENT_DISMISS_KEY);
      setDismissed(false);
    } else {
      setDismissed(readStorage(ANNOUNCEMENT_DISMISS_KEY) === 'true');
    }
  }, [id, readStorage, removeStorage, writeStorage, ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY]);

  if (dismissed) return null;
  const close = () => {
    writeStorage(ANNOUNCEMENT_ID_KEY, bar.id);
    writeStorage(ANNOUNCEMENT_DISMISS_KEY, 'true');
    setDismissed(true);
  };
  return (
    <div
      className={`announcement-bar ${styles.bar}`}
      role="region"
      aria-label={t('docsite.AnnouncementBar.ariaLabel', 'Announcement')}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      {bar.isCloseable ? <div className={styles.spacer} /> : null}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className={styles.close} aria-label={t('theme.AnnouncementBar.closeButtonAriaLabel', 'Close')} onClick={close}>
          <IconClose />
        </button>
      ) : null}
    </div>
  );
}
