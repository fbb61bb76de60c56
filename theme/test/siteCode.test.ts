import { describe, expect, it } from 'vitest';
import { docusaurusSyntax } from '../site-code.config.ts';

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
