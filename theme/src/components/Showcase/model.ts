//! Reads a `Showcase` element (built by the engine from a `cards` data file; shape in
//! `crates/docsite-core/src/markdown/components.rs`) into plain objects.
import type { Element, Node } from '../../generated/contract';
import { isElement, nodeText } from '../../content/tree';

export type Category = { id: string; label: string; count: number };

export type Conformance = { product: string; version: string; date: string; dateText: string; link: string | null };

export type Badge = { text: string; description: string };

export type ShowcaseCardData = {
  id: string;
  category: string;
  categoryLabel: string;
  title: string;
  publisher: string;
  infoLink: string | null;
  docsLink: string | null;
  badges: Badge[];
  description: Node[];
  conformance: Conformance[];
};

export type Contribute = { label: string; url: string; prompt: string | null };

export type ShowcaseData = {
  filterable: boolean;
  defaultCategory: string;
  categories: Category[];
  cards: ShowcaseCardData[];
  badges: Badge[];
  contribute: Contribute | null;
};

function children(node: Element, t: string): Element[] {
  return (node.c ?? []).filter((child): child is Element => isElement(child, t));
}

export function readCard(node: Element): ShowcaseCardData {
  const a = node.a ?? {};
  return {
    id: a.id ?? '',
    category: a.category ?? '',
    categoryLabel: a.categoryLabel ?? a.category ?? '',
    title: nodeText(children(node, 'CardTitle')[0]?.c),
    publisher: nodeText(children(node, 'CardPublisher')[0]?.c),
    infoLink: a.infoLink ?? null,
    docsLink: a.docsLink ?? null,
    badges: children(node, 'CardBadge').map((b) => ({ text: nodeText(b.c), description: b.a?.description ?? '' })),
    description: children(node, 'CardDescription')[0]?.c ?? [],
    conformance: children(node, 'CardConformance').map((c) => ({
      product: nodeText(c.c),
      version: c.a?.version ?? '',
      date: c.a?.date ?? '',
      dateText: c.a?.dateText ?? '',
      link: c.a?.link ?? null,
    })),
  };
}

export function readContribute(node: Element): Contribute | null {
  const c = children(node, 'ShowcaseContribute')[0];
  return c?.a?.url ? { label: nodeText(c.c), url: c.a.url, prompt: c.a.prompt ?? null } : null;
}

export function readShowcase(node: Element): ShowcaseData {
  const categories = children(node, 'ShowcaseCategory').map((c) => ({
    id: c.a?.id ?? '',
    label: c.a?.label ?? '',
    count: Number(c.a?.count ?? 0),
  }));
  return {
    filterable: node.a?.filterable === 'true' && categories.length > 0,
    defaultCategory: node.a?.default ?? categories[0]?.id ?? '',
    categories,
    cards: children(node, 'ShowcaseCard').map(readCard),
    badges: children(node, 'ShowcaseBadge').map((b) => ({ text: b.a?.text ?? '', description: nodeText(b.c) })),
    contribute: readContribute(node),
  };
}
