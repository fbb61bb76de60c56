//! `@theme/Layout` for a site's React pages. The theme's own frame (navbar, footer) is
//! already around every page, so this renders its children in the page's main region, in a
//! `main-wrapper` element (with `wrapperClassName`), and applies the rest: `title`
//! (`<title>` and `og:title` as `{title} | {site title}`), `description` (meta and
//! `og:description`), `image` (`og:image`, `twitter:image`, under the site's URL; the
//! engine then adds no `og:image` of its own, `build/social.rs`) and
//! `noFooter` (a `<style>` that hides the theme's footer for as long as the page is shown,
//! so the pre-rendered page has no footer either; a `:has()` rule on the frame, looking for
//! a marker attribute, did the same but made every element added anywhere in the page
//! restyle the whole page: 20 ms at 1x CPU on the API reference). It brings the Infima
//! layout classes site pages use (`container`, `row`/`col`, spacing: `../infima.css`).
import { useMemo, type ReactNode } from 'react';
import '../infima.css';
import footerStyles from '../../components/Footer/styles.module.css';
import { useSiteData } from '../../contexts/SiteData';
import { useHeadTags } from '../core/Head';
import { useBaseUrlUtils } from '../core/useBaseUrl';
import type { HeadTag } from '../head/tags';

export type Props = {
  children?: ReactNode;
  /** Page title, before the site title. */
  title?: string;
  /** Meta description of the page. */
  description?: string;
  /** Link-preview image: a site path or an absolute URL. */
  image?: string;
  /** Class of the element around the children (Docusaurus's `main-wrapper`). */
  wrapperClassName?: string;
  /** Leave out the site footer on this page. */
  noFooter?: boolean;
};

/** The rule that hides the theme's footer (its CSS-module class, the same in both builds). */
export function noFooterRule(): string {
  return `.${footerStyles.footer}{display:none}`;
}

function meta(key: 'name' | 'property', name: string, content: string): HeadTag {
  return { tag: 'meta', attributes: { [key]: name, content } };
}

export default function Layout({ children, title, description, image, wrapperClassName, noFooter = false }: Props) {
  const site = useSiteData();
  const { withBaseUrl } = useBaseUrlUtils();
  const imageUrl = image ? withBaseUrl(image, { absolute: true }) : undefined;
  const tags = useMemo(() => {
    const list: HeadTag[] = [];
    if (title) {
      const full = `${title} | ${site.title}`;
      list.push({ tag: 'title', attributes: {}, text: full }, meta('property', 'og:title', full));
    }
    if (description) list.push(meta('name', 'description', description), meta('property', 'og:description', description));
    // The engine adds the `twitter:card` that goes with it (and no `og:image` of its own).
    if (imageUrl) list.push(meta('property', 'og:image', imageUrl), meta('name', 'twitter:image', imageUrl));
    return list;
  }, [title, description, imageUrl, site.title]);
  useHeadTags(tags);
  return (
    <div className={wrapperClassName ? `main-wrapper ${wrapperClassName}` : 'main-wrapper'}>
      {noFooter ? <style>{noFooterRule()}</style> : null}
      {children}
    </div>
  );
}
