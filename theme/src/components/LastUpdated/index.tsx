//! "Last updated on {date} by {author}". The engine preformats the date, so the
//! server and the client print the same text whatever their time zone.
import { usePageData } from '../../contexts/PageData';
import styles from './styles.module.css';
import { Translated } from '../Translated';

export function LastUpdated() {
  const { lastUpdate } = usePageData();
  if (!lastUpdate) return null;
  const { author, dateText, dateTime } = lastUpdate;
  if (!author && !dateText) return null;
  return (
    <p className={styles.lastUpdated}>
      <Translated
        id="theme.lastUpdated.lastUpdatedAtBy"
        message="Last updated{atDate}{byUser}"
        values={{
          atDate: dateText ? (
            <Translated id="theme.lastUpdated.atDate" message=" on {date}" values={{ date: <b>{dateTime ? <time dateTime={dateTime}>{dateText}</time> : dateText}</b> }} />
          ) : null,
          byUser: author ? <Translated id="theme.lastUpdated.byUser" message=" by {user}" values={{ user: <b>{author}</b> }} /> : null,
        }}
      />
    </p>
  );
}
