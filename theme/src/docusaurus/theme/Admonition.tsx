//! `@theme/Admonition` for a site's React pages, onto the theme's admonition box: `type`
//! (Docusaurus's nine; an unknown one shows as `note`), `title` and `icon` (defaults: the
//! type in capitals and its icon), `className`, `id`. The legacy types `secondary`,
//! `important` and `success` look like `note`, `info` and `tip` and are titled with their
//! own word, as the classic theme's `admonitionAliases` show them.
import type { ReactNode } from 'react';
import { AdmonitionView, parseKind } from '../../components/Admonition';

export type Props = {
  type: string;
  title?: ReactNode;
  icon?: ReactNode;
  className?: string;
  id?: string;
  children?: ReactNode;
};

const ALIASES: Record<string, string> = { secondary: 'note', important: 'info', success: 'tip' };

export default function Admonition({ type, title, icon, className, id, children }: Props) {
  const alias = ALIASES[type];
  return (
    <AdmonitionView kind={parseKind(alias ?? type)} title={title ?? (alias ? type : undefined)} icon={icon} className={className} id={id}>
      {children}
    </AdmonitionView>
  );
}
