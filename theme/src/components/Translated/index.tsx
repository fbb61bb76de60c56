//! A theme string whose placeholders are elements (a date in `<b>`, a link): the build's
//! message for `id` (`lib/i18n.ts`), else `message`, each `{name}` replaced by `values[name]`.
import { Fragment, type ReactNode } from 'react';
import { translation } from '../../lib/i18n';

export type Props = { id: string; message: string; values: Record<string, ReactNode> };

export function Translated({ id, message, values }: Props) {
  // Odd parts of the split are placeholder names.
  const parts = (translation(id) ?? message).split(/\{(\w+)\}/);
  return <>{parts.map((part, index) => (index % 2 ? <Fragment key={index}>{values[part] ?? `{${part}}`}</Fragment> : part))}</>;
}
