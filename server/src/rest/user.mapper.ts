import type { SessionUser } from '../modules/accounts/access.js';

/** A user as the spec's REST clients know it. Never a password or its hash. */
export interface UsuarioRest {
  id: number;
  name: string;
  email: string;
  rol: string;
  estado: boolean;
  /** 'no' for accounts registered with a password (spec §3). */
  idGoogle: string;
  /** 'no' for Google accounts (spec §6). */
  telefono: string;
  imgGoogle: string | null;
  createdAt: string;
}

export function toUsuarioRest(user: SessionUser): UsuarioRest {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    rol: user.role,
    estado: user.active,
    idGoogle: user.googleId ?? 'no',
    telefono: user.phone ?? 'no',
    imgGoogle: user.pictureUrl,
    createdAt: user.createdAt.toISOString(),
  };
}
