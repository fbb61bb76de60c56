//! `@theme/Icon/Copy` for a site's React code: the theme's own copy icon (an inline SVG), with
//! Docusaurus's props (any SVG attribute; `width`/`height` set its size).
import type { IconProps } from '../../../components/Icons';
import { IconCopy } from '../../../components/Icons/shaped';

export type Props = IconProps;

export default function ThemeIconCopy(props: Props) {
  return <IconCopy {...props} />;
}
