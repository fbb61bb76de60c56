//! `@theme/Icon/Language` for a site's React code: the theme's own language icon (an inline SVG), with
//! Docusaurus's props (any SVG attribute; `width`/`height` set its size).
import { IconLanguage, type IconProps } from '../../../components/Icons';

export type Props = IconProps;

export default function ThemeIconLanguage(props: Props) {
  return <IconLanguage {...props} />;
}
