//! `@docusaurus/Translate` for a site's React code and MDX docs: `<Translate id values>message
//! </Translate>` and `translate({ id, message, description }, values)` give the build's
//! translation of the id (the site data's `translations`: the locale's
//! `i18n/<locale>/code.json` and the theme's messages, `lib/i18n.ts`), else the message as
//! written (the default locale's), as Docusaurus does; then its `{values}` interpolated.
import type { ReactNode } from 'react';
import { interpolate, type InterpolateValues } from './Interpolate';
import { translation } from '../../lib/i18n';

export type TranslateParam = { id?: string; message: string; description?: string } | { id: string; message?: string; description?: string };

function message({ id, message }: { id?: string; message?: string }): string {
  if (id === undefined && message === undefined) throw new Error('Docusaurus translation declarations must have at least a translation id or a default translation message');
  // Docusaurus keys a message without an id by the message itself.
  return translation(id ?? (message as string)) ?? message ?? (id as string);
}

/** The message (or the id when there is none) with its values. */
export function translate(param: TranslateParam, values?: InterpolateValues<string | number>): string {
  return interpolate(message(param), values);
}

export type TranslateProps = { children?: string; id?: string; values?: InterpolateValues; description?: string };

export default function Translate({ children, id, values }: TranslateProps): ReactNode {
  if (children && typeof children !== 'string') throw new Error('The Docusaurus <Translate> component only accept simple string values');
  return <>{interpolate(message({ message: children, id }), values)}</>;
}
