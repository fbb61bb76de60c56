//! `@theme/Icon/ExternalLink` for a site's React code: the theme's own external-link icon (an inline SVG), with
//! Docusaurus's props (any SVG attribute; `width`/`height` set its size).
import { IconExternal, type IconProps } from '../../../components/Icons';

export type Props = IconProps;

export default function ThemeIconExternalLink(props: Props) {
  return <IconExternal {...props} />;
}
