//! `@theme/Admonition` for a site's React pages, onto the theme's admonition box: `type`
//! (Docusaurus's nine; an unknown one shows as `note`), `title` and `icon` (defaults: the
//! type in capitals and its icon), `className`, `id`.
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

export default function Admonition({ type, title, icon, className, id, children }: Props) {
  return (
    <AdmonitionView kind={parseKind(type)} title={title} icon={icon} className={className} id={id}>
      {children}
    </AdmonitionView>
  );
}
