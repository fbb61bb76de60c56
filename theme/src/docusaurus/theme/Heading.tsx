//! `@theme/Heading` for a site's React pages, onto the theme's heading: `as="h2"` with an
//! `id` gets the theme's "#" direct link; `h1` never has one (as in Docusaurus).
import { Children, isValidElement, type HTMLAttributes, type ReactNode } from 'react';
import { HeadingView } from '../../components/Heading';

export type HeadingType = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export type Props = HTMLAttributes<HTMLHeadingElement> & {
  as: HeadingType;
  id?: string;
  children?: ReactNode;
};

/** The plain text of `children` (strings and numbers, inside elements too), for the link's label. */
function plainText(children: ReactNode): string {
  let text = '';
  Children.forEach(children, (child) => {
    if (typeof child === 'string' || typeof child === 'number') text += String(child);
    else if (isValidElement<{ children?: ReactNode }>(child)) text += plainText(child.props.children);
  });
  return text.trim();
}

export default function Heading({ as, id, children, ...rest }: Props) {
  const level = Number(as.slice(1));
  return (
    <HeadingView {...rest} level={level} id={id} anchor={level > 1} anchorLabel={`Direct link to ${plainText(children) || id || ''}`}>
      {children}
    </HeadingView>
  );
}
