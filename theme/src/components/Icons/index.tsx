//! Inline SVG icons (no icon font, no extra request). Default size 21 px, the menu
//! icon 30 px, the close icon 14 px (SPEC §9). All are decorative: the control that holds one carries the label.
import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * The frame of every line icon; `size` and any SVG attribute (e.g. `strokeWidth`) can be set.
 * Its shapes are `children`, or the markup of a shape of `shapes.ts` (icons the article's HTML
 * also uses), passed as `shape` by the icon itself: the table of shapes is then read only by
 * the icons that use one, none of them in the first view.
 */
export function Icon({ size = 21, children, shape, ...rest }: IconProps & { children?: ReactNode; shape?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
      {...(shape ? { dangerouslySetInnerHTML: { __html: shape } } : { children })}
    />
  );
}

/** The navbar's menu button: 30 px like Docusaurus's, to be an easy target on phones. */
export function IconMenu({ size = 30, ...props }: IconProps) {
  return (
    <Icon size={size} {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icon>
  );
}

export function IconClose({ size = 14, ...props }: IconProps) {
  return (
    <Icon size={size} strokeWidth={2.5} {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Icon>
  );
}

export function IconSun(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
    </Icon>
  );
}

export function IconMoon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </Icon>
  );
}

export function IconChevron(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m9 18 6-6-6-6" />
    </Icon>
  );
}

export function IconHome(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V21h5v-6h4v6h5V9.5" />
    </Icon>
  );
}

export function IconExternal({ size = 13, ...props }: IconProps) {
  return (
    <Icon size={size} {...props}>
      <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
    </Icon>
  );
}

export function IconSearch(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m21 21-4.3-4.3" />
    </Icon>
  );
}

export function IconLanguage(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </Icon>
  );
}
