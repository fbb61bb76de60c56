//! `@theme/Icon/WordWrap` for a site's React code: the theme's own word-wrap icon (an inline SVG), with
//! Docusaurus's props (any SVG attribute; `width`/`height` set its size).
import type { IconProps } from '../../../components/Icons';
import { IconWrap } from '../../../components/Icons/shaped';

export type Props = IconProps;

export default function ThemeIconWordWrap(props: Props) {
  return <IconWrap {...props} />;
}
