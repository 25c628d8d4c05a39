/** `?, ?, ?` for a list of n bound values (`in (…)`). */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
