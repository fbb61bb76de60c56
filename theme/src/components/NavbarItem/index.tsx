//! Renders one configured navbar item through the registry. An unknown type, or an
//! item that throws, shows an inline error naming the item's configuration path
//! instead of taking the whole navbar down.
import type { ComponentType } from 'react';
import type { NavbarItem } from '../../generated/contract';
import { ErrorBoundary } from '../ErrorBoundary';
import { navbarItemComponents } from './ComponentTypes';
import styles from './styles.module.css';

export type Props = {
  item: NavbarItem;
  /** Rendered inside the mobile drawer. */
  mobile?: boolean;
};

/** The text of a navbar item's render error. */
export function navbarItemErrorText(item: { configPath: string; type: string }): string {
  return `Navbar item ${item.configPath} (type ${item.type}) failed to render`;
}

function NavbarItemError({ item }: { item: { configPath: string; type: string } }) {
  return (
    <span className={styles.error} role="alert">
      {navbarItemErrorText(item)}
    </span>
  );
}

export function NavbarItemView({ item, mobile = false }: Props) {
  const Component = (navbarItemComponents as Record<string, ComponentType<{ item: NavbarItem; mobile: boolean }> | undefined>)[
    item.type
  ];
  if (!Component) return <NavbarItemError item={item} />;
  return (
    <ErrorBoundary fallback={() => <NavbarItemError item={item} />}>
      <Component item={item} mobile={mobile} />
    </ErrorBoundary>
  );
}
