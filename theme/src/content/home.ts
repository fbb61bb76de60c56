//! The home page's on-demand components, in one chunk with one stylesheet (the users grid
//! also serves /users): fewer, smaller files in the home page's first view.
export { Card, CardGrid } from '../components/CardGrid';
export { Hero } from '../components/Hero';
export { UserGrid } from '../components/UserGrid';
