//! `@theme/DocCard`: one card of a sidebar item (`item`, Docusaurus's `PropSidebarItem`: a
//! `link` or a `category`), as the theme's card (`CardView`, the one the Markdown path's
//! `<DocCardList />` shows) with the classic theme's `card` class. A link card shows the
//! item's `description`; a category card leads to its own page or its first link and says
//! how many items it has. Docusaurus also reads a doc's description by its `docId` from
//! the whole version's metadata, which no page carries here: give `description` instead.
import type { DocCard as Card } from '../../generated/contract';
import { CardView } from '../../components/CardGrid';
import { tPlural } from '../../lib/plural';

export type LinkItem = {
  type: 'link';
  label: string;
  href: string;
  docId?: string | null;
  description?: string;
  className?: string;
  unlisted?: boolean;
};

export type CategoryItem = {
  type: 'category';
  label: string;
  href?: string;
  items: SidebarItem[];
  description?: string;
  className?: string;
  linkUnlisted?: boolean;
};

export type HtmlItem = { type: 'html'; value: string; className?: string };

/** Docusaurus's `PropSidebarItem`, as far as a card reads it. */
export type SidebarItem = LinkItem | CategoryItem | HtmlItem;

export type Props = { item: SidebarItem };

/**
 * Where an item's card leads (Docusaurus's `findFirstSidebarItemLink`): a link's `href`
 * unless it is unlisted; a category's own page unless unlisted, else its first item's link.
 */
export function findFirstSidebarItemLink(item: SidebarItem): string | undefined {
  if (item.type === 'link') return item.unlisted ? undefined : item.href;
  if (item.type === 'category') {
    if (item.href && !item.linkUnlisted) return item.href;
    for (const sub of item.items) {
      const link = findFirstSidebarItemLink(sub);
      if (link) return link;
    }
  }
  return undefined;
}

/** The card of a link or category item; `undefined` for one that leads nowhere. */
export function cardOf(item: LinkItem | CategoryItem): Card | undefined {
  const href = findFirstSidebarItemLink(item);
  if (!href) return undefined;
  if (item.type === 'link') return { title: item.label, href, description: item.description ?? null };
  const count = item.items.length;
  const description = item.description ?? tPlural('theme.docs.DocCard.categoryDescription.plurals', '1 item|{count} items', count);
  return { title: item.label, href, description };
}

/** A card as the theme draws it, with the classic theme's class name. */
export function DocCardView({ card, className }: { card: Card; className?: string }) {
  return (
    <CardView title={card.title} href={card.href} className={className ? `card ${className}` : 'card'}>
      {card.description ? <p>{card.description}</p> : null}
    </CardView>
  );
}

export default function DocCard({ item }: Props) {
  if (item?.type !== 'link' && item?.type !== 'category') {
    throw new Error(`<DocCard> takes an \`item\` of type "link" or "category" (a sidebar item), got ${JSON.stringify(item)}`);
  }
  const card = cardOf(item);
  // A category without any link: Docusaurus's `DocCardList` leaves it out upfront.
  return card ? <DocCardView card={card} className={item.className} /> : null;
}
