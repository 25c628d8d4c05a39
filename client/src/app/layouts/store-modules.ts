/**
 * Extra sidebar links, read from localStorage key `modulos`: a comma-separated list of routes.
 * When the key is absent the default list is stored and used (spec §2, Sidebar).
 */
export const MODULES_STORAGE_KEY = 'modulos';
export const DEFAULT_MODULES = 'promociones,nuevo';

export interface StoreModuleLink {
  route: string;
  /** `/${route}` */
  path: string;
  label: string;
}

/** 'mas-vendidos' → 'Mas vendidos'. */
export function moduleLabel(route: string): string {
  const words = route.replace(/-/g, ' ').trim();
  return words.charAt(0).toLocaleUpperCase('es-MX') + words.slice(1);
}

export function parseModules(value: string): StoreModuleLink[] {
  const seen = new Set<string>();
  const links: StoreModuleLink[] = [];
  for (const raw of value.split(',')) {
    const route = raw.trim().replace(/^\/+|\/+$/g, '');
    // A route segment only: no schemes, queries or traversal.
    if (route === '' || seen.has(route) || !/^[\p{L}\p{N}_-]+(\/[\p{L}\p{N}_-]+)*$/u.test(route)) {
      continue;
    }
    seen.add(route);
    links.push({ route, path: `/${route}`, label: moduleLabel(route) });
  }
  return links;
}

export function readStoreModules(
  storage: Storage | undefined = safeLocalStorage(),
): StoreModuleLink[] {
  if (!storage) return parseModules(DEFAULT_MODULES);
  try {
    const stored = storage.getItem(MODULES_STORAGE_KEY);
    if (stored !== null) return parseModules(stored);
    storage.setItem(MODULES_STORAGE_KEY, DEFAULT_MODULES);
  } catch (error) {
    console.error('No se pudo leer la lista de módulos', error);
  }
  return parseModules(DEFAULT_MODULES);
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
