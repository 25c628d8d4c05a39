/** Spec §9: the admin users table shows 10 per page. */
export const USERS_PAGE_SIZE = 10;

/** '?pagina=3' → 3; anything else → 1. */
export function parsePage(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

export function totalPages(total: number, pageSize = USERS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function offsetOf(page: number, pageSize = USERS_PAGE_SIZE): number {
  return (page - 1) * pageSize;
}
