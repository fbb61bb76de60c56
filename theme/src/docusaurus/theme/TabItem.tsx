//! `@theme/TabItem` for a site's React pages. Inside `@theme/Tabs` its props are read by the
//! Tabs (`value`, `label`, `default`, `attributes`, `className`) and its children become the
//! panel; rendered on its own it shows its children.
import type { ReactNode } from 'react';

export type Props = {
  value: string;
  label?: string;
  default?: boolean;
  className?: string;
  /** Extra attributes of the tab's button. */
  attributes?: Record<string, unknown>;
  children?: ReactNode;
};

export default function TabItem({ className, children }: Props) {
  return <div className={className}>{children}</div>;
}
