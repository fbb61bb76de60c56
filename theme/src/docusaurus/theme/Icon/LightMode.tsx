//! `@theme/Icon/LightMode` for a site's React code: the theme's own sun icon (an inline SVG), with
//! Docusaurus's props (any SVG attribute; `width`/`height` set its size).
import { IconSun, type IconProps } from '../../../components/Icons';

export type Props = IconProps;

export default function ThemeIconLightMode(props: Props) {
  return <IconSun {...props} />;
}
