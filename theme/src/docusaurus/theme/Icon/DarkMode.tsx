//! `@theme/Icon/DarkMode` for a site's React code: the theme's own moon icon (an inline SVG), with
//! Docusaurus's props (any SVG attribute; `width`/`height` set its size).
import { IconMoon, type IconProps } from '../../../components/Icons';

export type Props = IconProps;

export default function ThemeIconDarkMode(props: Props) {
  return <IconMoon {...props} />;
}
