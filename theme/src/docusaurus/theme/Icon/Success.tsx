//! `@theme/Icon/Success` for a site's React code: the theme's own check-mark icon (an inline SVG), with
//! Docusaurus's props (any SVG attribute; `width`/`height` set its size).
import type { IconProps } from '../../../components/Icons';
import { IconCheck } from '../../../components/Icons/shaped';

export type Props = IconProps;

export default function ThemeIconSuccess(props: Props) {
  return <IconCheck {...props} />;
}
