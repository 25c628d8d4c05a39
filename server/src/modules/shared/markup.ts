/**
 * Text made safe inside XML or HTML markup, in element content and in quoted attributes: the
 * seeded photos' SVG, the e-mail logo's stand-in SVG, the development mailbox's pages.
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
