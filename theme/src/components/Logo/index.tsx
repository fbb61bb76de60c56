//! A configured logo: the light and dark images, CSS shows the one for the mode.
import type { LogoData } from '../../generated/contract';
import styles from './styles.module.css';

export type Props = { logo: LogoData; className?: string };

export function Logo({ logo, className }: Props) {
  // Configured dimensions win over the stylesheet's defaults (`height: auto` and the like).
  const style =
    logo.width !== null || logo.height !== null
      ? { width: logo.width ?? 'auto', height: logo.height ?? 'auto', objectFit: 'contain' as const }
      : undefined;
  const size = { width: logo.width ?? undefined, height: logo.height ?? undefined, style };
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
