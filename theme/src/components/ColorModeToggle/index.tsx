//! The light/dark switch. Both icons are always rendered and CSS shows the one for
//! `html[data-theme]`, so the server markup is right for either mode.
import { useColorMode } from '../../contexts/ColorMode';
import { IconMoon, IconSun } from '../Icons';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export type Props = { className?: string };

export function ColorModeToggle({ className }: Props) {
  const { colorMode, setColorMode } = useColorMode();
  const label = t('theme.colorToggle.ariaLabel', 'Switch between dark and light mode (currently {mode})', {
    mode: colorMode === 'dark' ? t('theme.colorToggle.ariaLabel.mode.dark', 'dark mode') : t('theme.colorToggle.ariaLabel.mode.light', 'light mode'),
  });
  return (
    <button
      type="button"
      className={`${styles.toggle} ${className ?? ''}`}
      aria-label={label}
      title={label}
      onClick={() => setColorMode(colorMode === 'dark' ? 'light' : 'dark')}
    >
      <IconSun className={styles.light} />
      <IconMoon className={styles.dark} />
    </button>
  );
}
