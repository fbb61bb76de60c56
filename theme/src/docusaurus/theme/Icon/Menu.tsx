//! `@theme/Icon/Menu` for a site's React code: the theme's own menu icon (an inline SVG), with
//! Docusaurus's props (any SVG attribute; `width`/`height` set its size).
import { IconMenu, type IconProps } from '../../../components/Icons';

export type Props = IconProps;

export default function ThemeIconMenu(props: Props) {
  return <IconMenu {...props} />;
}
