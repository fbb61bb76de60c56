//! `@theme/DocCardList`: a grid of doc cards (the theme's `CardGridView`, as on the
//! Markdown path). With `items` (Docusaurus's `PropSidebarItem`s) it shows those the
//! classic theme's `filterDocCardListItems` keeps; without, the items of the sidebar
//! category the doc is in, which the engine computed for the page (`docCards.ts`).
import { useContext } from 'react';
import { CardGridView } from '../../components/CardGrid';
import { CurrentCategoryCards } from '../docCards';
import DocCard, { DocCardView, findFirstSidebarItemLink, type SidebarItem } from './DocCard';

export type Props = { items?: SidebarItem[]; className?: string };

/** The items that get a card: links and categories that lead somewhere, and the others. */
export function filterDocCardListItems(items: SidebarItem[]): SidebarItem[] {
  return items.filter((item) => (item.type === 'link' || item.type === 'category' ? findFirstSidebarItemLink(item) !== undefined : true));
}

export default function DocCardList({ items, className }: Props) {
  const current = useContext(CurrentCategoryCards);
  if (!items) {
    // The engine stops the build before this (`markdown/mdx_path.rs`) for a doc in no
    // category; here the list is used where it could not see it (a partial, a component).
    if (!current) {
      throw new Error(
        '<DocCardList /> without `items` lists the sidebar category of the doc that uses it, and has none here: docsite gives it to a doc that imports @theme/DocCardList and uses it itself, in a sidebar category',
      );
    }
    return (
      <CardGridView className={className}>
        {current.map((card, i) => (
          <DocCardView key={i} card={card} />
        ))}
      </CardGridView>
    );
  }
  return (
    <CardGridView className={className}>
      {filterDocCardListItems(items).map((item, i) =>
        // An `html` item has no card (Docusaurus's DocCard throws on one; the engine's
        // list of the current category leaves it out too).
        item.type === 'html' ? null : <DocCard key={i} item={item} />,
      )}
    </CardGridView>
  );
}
