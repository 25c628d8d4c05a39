import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUserFieldsFragment } from '../../gql/graphql';
import {
  SESSION_STORAGE_KEYS,
  clearAllStoredData,
  clearStoredSessionInfo,
  readStoredSessionInfo,
  storeSessionInfo,
} from './session-storage';
import { anaLopez } from '../../../test/session-fixtures';

const customer = anaLopez({ id: 42 });

const googleUser: SessionUserFieldsFragment = {
  __typename: 'User',
  id: 7,
  name: 'Luis Pérez',
  email: 'luis@gmail.com',
  role: 'user',
  phone: null,
  googleId: '1098765',
  pictureUrl: 'https://lh3.googleusercontent.com/a/foto',
};

const stored = () =>
  Object.fromEntries(SESSION_STORAGE_KEYS.map((key) => [key, window.localStorage.getItem(key)]));

describe('session info in localStorage (spec §3: display only)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('uses exactly the spec keys: userId, name, email, rol, userLogged, idGoogle, telefono, imgGoogle', () => {
    expect(SESSION_STORAGE_KEYS).toEqual([
      'userId',
      'name',
      'email',
      'rol',
      'userLogged',
      'idGoogle',
      'telefono',
      'imgGoogle',
    ]);
  });

  it("stores a password account with idGoogle 'no'", () => {
    storeSessionInfo(customer);
    expect(stored()).toEqual({
      userId: '42',
      name: 'Ana López',
      email: 'ana@example.com',
      rol: 'user',
      userLogged: 'true',
      idGoogle: 'no',
      telefono: '5512345678',
      imgGoogle: '',
    });
  });

  it("stores a Google account with telefono 'no' and its picture", () => {
    storeSessionInfo(googleUser);
    expect(stored()).toMatchObject({
      userId: '7',
      idGoogle: '1098765',
      telefono: 'no',
      imgGoogle: 'https://lh3.googleusercontent.com/a/foto',
    });
  });

  it('reads back a complete session and nothing when a key is missing', () => {
    expect(readStoredSessionInfo()).toBeUndefined();
    storeSessionInfo(customer);
    expect(readStoredSessionInfo()?.name).toBe('Ana López');
    window.localStorage.removeItem('rol');
    expect(readStoredSessionInfo()).toBeUndefined();
  });

  it('clearing the session removes its keys only', () => {
    storeSessionInfo(customer);
    window.localStorage.setItem('modulos', 'promociones');
    clearStoredSessionInfo();
    for (const key of SESSION_STORAGE_KEYS) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.localStorage.getItem('modulos')).toBe('promociones');
  });

  it('sign-out clears every stored value', () => {
    storeSessionInfo(customer);
    window.localStorage.setItem('modulos', 'promociones');
    window.sessionStorage.setItem('algo', '1');
    clearAllStoredData();
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });
});
