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

/**
 * JSON to put inside an HTML `<script>` element (a data block or JSON-LD): nothing in it can end
 * the element or open a comment (`</script>`, `<!--`), since every `<`, `>` and `&` is written as
 * a JSON escape; U+2028/U+2029 too. JSON.parse reads it back unchanged.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
