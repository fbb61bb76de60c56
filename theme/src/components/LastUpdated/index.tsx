//! "Last updated on {date} by {author}". The engine preformats the date, so the
//! server and the client print the same text whatever their time zone.
import { usePageData } from '../../contexts/PageData';
import styles from './styles.module.css';

export function LastUpdated() {
  const { lastUpdate } = usePageData();
  if (!lastUpdate) return null;
  const { author, dateText, dateTime } = lastUpdate;
  if (!author && !dateText) return null;
  return (
    <p className={styles.lastUpdated}>
      Last updated
      {dateText ? (
        <>
          {' on '}
          <b>{dateTime ? <time dateTime={dateTime}>{dateText}</time> : dateText}</b>
        </>
      ) : null}
      {author ? (
        <>
          {' by '}
          <b>{author}</b>
        </>
      ) : null}
    </p>
  );
}
