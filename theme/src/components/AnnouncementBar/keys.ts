//! The announcement bar's localStorage keys, shared with the inline head script that
//! hides a dismissed bar before first paint (`app/headScripts.ts`).

/** localStorage key holding `"true"` once the reader closed the bar. */
export const ANNOUNCEMENT_DISMISS_KEY = 'docsite-announcement-dismiss';
/** localStorage key holding the id of the bar the dismissal refers to. */
export const ANNOUNCEMENT_ID_KEY = 'docsite-announcement-id';
