//! `:::note|tip|info|caution|warning|danger|important|success|secondary[ Title]` boxes:
//! Docusaurus's nine types, each with its own default title (the type in capitals),
//! icon and colours. `AdmonitionView` is the box itself, shared with `@theme/Admonition`
//! for site React pages (docusaurus/theme/Admonition.tsx).
import type { ContentComponentProps } from '../../content/components';
import { isElement, Nodes } from '../../content/Nodes';
import { AdmonitionView, parseKind } from './View';

export type Props = ContentComponentProps;

export { AdmonitionView, parseKind, type AdmonitionKind, type AdmonitionViewProps } from './View';

export function Admonition({ node }: Props) {
  const kind = parseKind(node.a?.kind);
  // A title with inline Markdown comes as a first `AdmonitionTitle` child; `title` is
  // its plain text.
  const [first, ...rest] = node.c ?? [];
  const rich = first !== undefined && isElement(first, 'AdmonitionTitle') ? first : null;
  const title = rich ? <Nodes nodes={rich.c} /> : node.a?.title || undefined;
  return (
    <AdmonitionView kind={kind} title={title}>
      <Nodes nodes={rich ? rest : node.c} />
    </AdmonitionView>
  );
}
