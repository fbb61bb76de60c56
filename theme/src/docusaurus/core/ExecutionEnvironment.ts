//! `@docusaurus/ExecutionEnvironment` for a site's React pages: what the code runs in,
//! fixed when the module loads (false everywhere during pre-rendering in Node).

const canUseDOM = typeof window !== 'undefined' && 'document' in window && 'createElement' in window.document;

const ExecutionEnvironment = {
  canUseDOM,
  canUseEventListeners: canUseDOM && 'addEventListener' in window,
  canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
  canUseViewport: canUseDOM && 'screen' in window,
} as const;

export default ExecutionEnvironment;
