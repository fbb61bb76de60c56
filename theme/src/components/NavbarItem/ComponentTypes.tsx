//! The navbar item registry: every `NavbarItem.type` of the contract -> its component.
//! The mapped type makes a missing entry a type error when the contract gains a type.
import type { ComponentType } from 'react';
import type { NavbarItem } from '../../generated/contract';
import {
  DocLinkItem,
  DocsVersionDropdownItem,
  DropdownItem,
  HtmlItem,
  LinkItem,
  LocaleDropdownItem,
  SearchItem,
  type ItemProps,
} from './items';

export type NavbarItemComponents = { [K in NavbarItem['type']]: ComponentType<ItemProps<K>> };

export const navbarItemComponents: NavbarItemComponents = {
  link: LinkItem,
  dropdown: DropdownItem,
  html: HtmlItem,
  search: SearchItem,
  localeDropdown: LocaleDropdownItem,
  docLink: DocLinkItem,
  docsVersionDropdown: DocsVersionDropdownItem,
};
