//! A configured logo: the light and dark images, CSS shows the one for the mode.
import type { LogoData } from '../../generated/contract';
import styles from './styles.module.css';

export type Props = { logo: LogoData; className?: string };

export function Logo({ logo, className }: Props) {
  const size = { width: logo.width ?? undefined, height: logo.height ?? undefined };
  if (logo.srcDark === logo.src) {
    return <img src={logo.src} alt={logo.alt} className={className} {...size} />;
  }
  return (
    <>
      <img src={logo.src} alt={logo.alt} className={`${className ?? ''} ${styles.light}`} {...size} />
      <img src={logo.srcDark} alt={logo.alt} className={`${className ?? ''} ${styles.dark}`} {...size} />
    </>
  );
}
