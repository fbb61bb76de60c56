//! The cards of Docusaurus's `<DocCardList />` without `items`: the items of the sidebar
//! category the doc is in (`useCurrentSidebarCategory().items`, filtered). The engine
//! computes them (`doc_cards.rs`) for a doc on the MDX path that uses the list and hands
//! them to its module as the `docsiteCards` prop; `mdx.tsx` provides them here and
//! `theme/DocCardList.tsx` reads them. The page carries that one list, never the sidebar's
//! docs and their descriptions.
import { createContext } from 'react';
import type { DocCard } from '../generated/contract';

/** The current category's cards; `undefined` where the engine gave none. */
export const CurrentCategoryCards = createContext<readonly DocCard[] | undefined>(undefined);
