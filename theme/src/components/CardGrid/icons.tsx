//! The card icons (`<Card icon="…">`), drawn for this theme: 24 px line art on a 24 grid,
//! stroked in `currentColor`. The names are the contract's `CardIcon`, so a name the
//! engine accepts always has a drawing here.
import type { ReactNode } from 'react';
import type { CardIcon as CardIconName } from '../../generated/contract';
import { Icon } from '../Icons';

const PATHS: Record<CardIconName, ReactNode> = {
  // Angle brackets around a slash: code.
  api: <path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />,
  // An arrow leaving one box for another: hand a task over.
  intents: (
    <>
      <rect x="3" y="4" width="8" height="7" rx="1.5" />
      <rect x="13" y="13" width="8" height="7" rx="1.5" />
      <path d="M7 11v3.5a2 2 0 0 0 2 2h3M10.5 14.5l2 2-2 2" />
    </>
  ),
  // A card with lines: a piece of data.
  context: (
    <>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h5" />
    </>
  ),
  // A grid of tiles, one highlighted.
  'app-directory': (
    <>
      <rect x="4" y="4" width="6" height="6" rx="1.2" />
      <rect x="14" y="4" width="6" height="6" rx="1.2" />
      <rect x="4" y="14" width="6" height="6" rx="1.2" />
      <circle cx="17" cy="17" r="3" />
    </>
  ),
  // Two nodes joined by an arch.
  bridging: (
    <>
      <circle cx="5" cy="17" r="2" />
      <circle cx="19" cy="17" r="2" />
      <path d="M7 17c0-6 2.5-9 5-9s5 3 5 9M3 20h18" />
    </>
  ),
  layers: <path d="m12 4 9 4.5-9 4.5-9-4.5L12 4ZM3 12.5l9 4.5 9-4.5M3 16.5 12 21l9-4.5" />,
  speed: <path d="M13 3 5 13.5h6L10 21l8-10.5h-6L13 3Z" />,
  platform: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </>
  ),
  plug: <path d="M9 3v5M15 3v5M6.5 8h11v3a5.5 5.5 0 0 1-11 0V8ZM12 16.5V21" />,
  open: (
    <>
      <circle cx="6" cy="6" r="2" />
      <circle cx="18" cy="6" r="2" />
      <circle cx="12" cy="18" r="2" />
      <path d="M6 8v2a4 4 0 0 0 4 4h0a2 2 0 0 1 2 2M18 8v2a4 4 0 0 1-4 4h0a2 2 0 0 0-2 2" />
    </>
  ),
  certificate: (
    <>
      <circle cx="12" cy="9" r="5.5" />
      <path d="m9.5 9 1.7 1.7L14.7 7.3M8.5 13.5 7 21l5-2.5 5 2.5-1.5-7.5" />
    </>
  ),
  training: <path d="m2 9 10-5 10 5-10 5L2 9ZM6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5M22 9v6" />,
  community: (
    <>
      <circle cx="9" cy="8" r="3" />
      <circle cx="17" cy="9.5" r="2.5" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M15 14.3c.6-.2 1.3-.3 2-.3 2.8 0 4 2 4 5" />
    </>
  ),
  discussion: <path d="M4 5h12a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3.5V15H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2ZM20 9h.5A1.5 1.5 0 0 1 22 10.5V16a1.5 1.5 0 0 1-1.5 1.5H20V20l-3-2.5h-4" />,
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M7.5 14h2M11 14h2M14.5 14h2M7.5 17.5h2M11 17.5h2" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </>
  ),
};

export function isCardIcon(name: string | undefined): name is CardIconName {
  return name !== undefined && Object.hasOwn(PATHS, name);
}

/** A card icon, decorative (the card's title names it). */
export function CardIcon({ name, size = 24 }: { name: CardIconName; size?: number }) {
  return (
    <Icon size={size} strokeWidth={1.75}>
      {PATHS[name]}
    </Icon>
  );
}
