//! `@theme/Icon/Close` for a site's React code: the theme's own close icon (an inline SVG), with
//! Docusaurus's props (any SVG attribute; `width`/`height` set its size).
import { IconClose, type IconProps } from '../../../components/Icons';

export type Props = IconProps;

export default function ThemeIconClose(props: Props) {
  return <IconClose {...props} />;
}
