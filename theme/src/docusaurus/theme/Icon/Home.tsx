//! `@theme/Icon/Home` for a site's React code: the theme's own home icon (an inline SVG), with
//! Docusaurus's props (any SVG attribute; `width`/`height` set its size).
import { IconHome, type IconProps } from '../../../components/Icons';

export type Props = IconProps;

export default function ThemeIconHome(props: Props) {
  return <IconHome {...props} />;
}
