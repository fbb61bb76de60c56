//! nprogress with its stylesheet: the chunk `progress.ts` loads when the page is idle, so
//! neither is part of the first view.
import './nprogress.css';

export { default } from 'nprogress';
