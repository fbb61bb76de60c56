//! The text of a highlighted code block, as the copy button copies it.

/** One line per line span (or the raw text when there are none). */
export function codeText(code: HTMLElement): string {
  const lines = code.querySelectorAll(':scope > .line');
  if (lines.length === 0) return code.textContent ?? '';
  return Array.from(lines, (line) => line.textContent ?? '').join('\n');
}
