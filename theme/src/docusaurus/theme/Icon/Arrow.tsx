//! `@theme/Icon/Arrow` for a site's React code: a chevron pointing up, as Docusaurus's (its
//! users turn it with CSS), drawn in the theme's icon frame; any SVG attribute passes through.
import { Icon, type IconProps } from '../../../components/Icons';

export type Props = IconProps;

export default function ThemeIconArrow(props: Props) {
  return (
    <Icon {...props}>
      <path d="m18 15-6-6-6 6" />
    </Icon>
  );
}
