//! The class names of the content components' CSS modules, handed to the HTML serializer
//! (`html.ts`, a chunk of its own: `serializer.ts`) through `setContentClasses`. Imported by
//! `Article.tsx` for that effect, which keeps these stylesheets in the first view's CSS (a
//! server-written article is styled at first paint) while the serializer's code waits: had
//! the serializer imported them itself, the bundler would have moved their CSS to its chunk.
import admonition from '../components/Admonition/styles.module.css';
import code from '../components/CodeBlock/styles.module.css';
import details from '../components/Details/styles.module.css';
import heading from '../components/Heading/styles.module.css';
import mermaid from '../components/Mermaid/styles.module.css';
import tabs from '../components/Tabs/styles.module.css';
import { setContentClasses } from './serializer';

setContentClasses({ admonition, code, details, heading, mermaid, tabs });
