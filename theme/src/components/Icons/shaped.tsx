//! The icons whose shapes the article's HTML also uses (`shapes.ts`): code-block buttons and
//! admonitions. A module of their own, imported only by on-demand components, so the table of
//! shapes stays out of the first view.
import { Icon, type IconProps } from '.';
import { ICON_SHAPES } from './shapes';

export function IconCopy(props: IconProps) {
  return <Icon {...props} shape={ICON_SHAPES.copy} />;
}

/** Word wrap: a line that turns back under itself. */
export function IconWrap(props: IconProps) {
  return <Icon {...props} shape={ICON_SHAPES.wrap} />;
}

export function IconCheck(props: IconProps) {
  return <Icon {...props} shape={ICON_SHAPES.check} />;
}

export function IconInfo(props: IconProps) {
  return <Icon {...props} shape={ICON_SHAPES.info} />;
}

export function IconImportant(props: IconProps) {
  return <Icon {...props} shape={ICON_SHAPES.important} />;
}

export function IconNote(props: IconProps) {
  return <Icon {...props} shape={ICON_SHAPES.note} />;
}

export function IconTip(props: IconProps) {
  return <Icon {...props} shape={ICON_SHAPES.tip} />;
}

export function IconWarning(props: IconProps) {
  return <Icon {...props} shape={ICON_SHAPES.warning} />;
}

export function IconDanger(props: IconProps) {
  return <Icon {...props} shape={ICON_SHAPES.danger} />;
}
