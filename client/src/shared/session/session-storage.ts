import type { SessionUserFieldsFragment } from '../../gql/graphql';

/**
 * The spec's non-secret session info, kept in localStorage for display only (spec §3). The
 * server decides who is signed in and what they may do; nothing here grants anything.
 */
export const SESSION_STORAGE_KEYS = [
  'userId',
  'name',
  'email',
  'rol',
  'userLogged',
  'idGoogle',
  'telefono',
  'imgGoogle',
] as const;

export type SessionStorageKey = (typeof SESSION_STORAGE_KEYS)[number];
export type StoredSessionInfo = Record<SessionStorageKey, string>;

/** 'no' marks a missing Google id (password accounts) or phone (Google accounts), as in spec §6. */
export const MISSING_VALUE = 'no';

export function sessionInfoOf(user: SessionUserFieldsFragment): StoredSessionInfo {
  return {
    userId: String(user.id),
    name: user.name,
    email: user.email,
    rol: user.role,
    userLogged: 'true',
    idGoogle: user.googleId ?? MISSING_VALUE,
    telefono: user.phone ?? MISSING_VALUE,
    imgGoogle: user.pictureUrl ?? '',
  };
}

/** Written on sign-in and registration, and whenever `me` answers with a user. */
export function storeSessionInfo(
  user: SessionUserFieldsFragment,
  storage: Storage | undefined = safeLocalStorage(),
): void {
  if (!storage) return;
  try {
    for (const [key, value] of Object.entries(sessionInfoOf(user))) storage.setItem(key, value);
  } catch (error) {
    console.error('No se pudo guardar la sesión en el navegador', error);
  }
}

/** The stored info, or undefined when the browser holds no complete signed-in session. */
export function readStoredSessionInfo(
  storage: Storage | undefined = safeLocalStorage(),
): StoredSessionInfo | undefined {
  if (!storage) return undefined;
  try {
    const info: Partial<StoredSessionInfo> = {};
    for (const key of SESSION_STORAGE_KEYS) {
      const value = storage.getItem(key);
      if (value === null) return undefined;
      info[key] = value;
    }
    return info.userLogged === 'true' ? (info as StoredSessionInfo) : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the session keys only (`me` said nobody is signed in). */
export function clearStoredSessionInfo(storage: Storage | undefined = safeLocalStorage()): void {
  if (!storage) return;
  try {
    for (const key of SESSION_STORAGE_KEYS) storage.removeItem(key);
  } catch (error) {
    console.error('No se pudo borrar la sesión del navegador', error);
  }
}

/**
 * Sign-out clears every stored value (spec §4). Lists with defaults, such as the sidebar's
 * `modulos`, recreate them the next time they are read.
 */
export function clearAllStoredData(
  local: Storage | undefined = safeLocalStorage(),
  session: Storage | undefined = safeSessionStorage(),
): void {
  try {
    local?.clear();
    session?.clear();
  } catch (error) {
    console.error('No se pudieron borrar los datos del navegador', error);
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
