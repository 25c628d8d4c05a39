/** `?, ?, ?` for a list of n bound values (`in (…)`). */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** A LIKE pattern matching `text` anywhere, its `\`, `%` and `_` taken literally. */
export const likeContains = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
