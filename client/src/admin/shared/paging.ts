/** Spec §9: the admin orders, users and products tables show 10 per page. */
export const ADMIN_PAGE_SIZE = 10;

/** '?pagina=3' → 3; anything else → 1. */
export function parsePage(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

export function totalPages(total: number, pageSize = ADMIN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function offsetOf(page: number, pageSize = ADMIN_PAGE_SIZE): number {
  return (page - 1) * pageSize;
}
