import { describe, expect, it } from 'vitest';
import { cssModuleNamedImports, docusaurusSyntax } from '../site-code.config.ts';

describe('docusaurusSyntax (the MDX path reads Docusaurus Markdown line for line)', () => {
  it('turns admonitions into the Admonition component, keeping every line where it was', () => {
    const out = docusaurusSyntax(':::tip Before you start\n\nRead this.\n\n:::\n').split('\n');
    expect(out[0]).toBe('<Admonition type="tip" title={"Before you start"}>');
    expect(out[2]).toBe('Read this.');
    expect(out[4]).toBe('</Admonition>');
  });

  it('closes an admonition left open at the end of the file, as Docusaurus does', () => {
    const out = docusaurusSyntax('Text.\n\n:::tip Summary\n\n- one\n- two\n');
    expect(out.split('\n').slice(0, 6)).toEqual(['Text.', '', '<Admonition type="tip" title={"Summary"}>', '', '- one', '- two']);
    expect(out.trimEnd().endsWith('</Admonition>')).toBe(true);
    expect(out.match(/<\/Admonition>/g)).toHaveLength(1);
  });

  it('leaves a closing ::: with no admonition open as text', () => {
    expect(docusaurusSyntax('Text.\n\n:::\n')).toBe('Text.\n\n:::\n');
  });

  it('leaves fenced code alone', () => {
    const code = '```md\n:::note\n```\n';
    expect(docusaurusSyntax(code)).toBe(code);
  });
});

describe('cssModuleNamedImports (docsite dev: named imports from a CSS module read its class table)', () => {
  it('turns named imports into reads of the default export, on the same line', () => {
    expect(cssModuleNamedImports("import React from 'react';\nimport { image1, right as r } from '../UseCases/styles.module.css';\nx();")).toBe(
      "import React from 'react';\nimport __docsiteCssModule0 from '../UseCases/styles.module.css'; const { image1, right: r } = __docsiteCssModule0;\nx();",
    );
  });

  it('keeps a default import beside the named ones', () => {
    expect(cssModuleNamedImports('import styles, { cta } from "./a.module.scss"')).toBe('import styles from "./a.module.scss"; const { cta } = styles;');
  });

  it('leaves other imports alone', () => {
    const code = "import { useState } from 'react';\nimport styles from './a.module.css';\nimport { a } from './b.css';";
    expect(cssModuleNamedImports(code)).toBe(code);
  });
});
