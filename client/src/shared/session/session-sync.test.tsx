import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUserFieldsFragment } from '../../gql/graphql';
import { MeQuery } from './api';
import { SessionSync } from './session-sync';
import { sessionEndedNotice } from './session-ended';
import { storeSessionInfo } from './session-storage';
import { anaLopez } from '../../../test/session-fixtures';

const user = anaLopez({ id: 5 });

function renderSync(me: SessionUserFieldsFragment | null) {
  render(
    <MockedProvider mocks={[{ request: { query: MeQuery }, result: { data: { me } } }]}>
      <SessionSync />
    </MockedProvider>,
  );
}

describe('SessionSync: localStorage follows the server (me)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    sessionEndedNotice.hide();
  });
  afterEach(() => cleanup());

  it('stores the display info when me answers with a user', async () => {
    renderSync(user);
    await waitFor(() => expect(window.localStorage.getItem('userId')).toBe('5'));
    expect(window.localStorage.getItem('name')).toBe('Ana López');
    expect(window.localStorage.getItem('userLogged')).toBe('true');
  });

  it('clears a stale stored session when me is null, keeping other keys', async () => {
    storeSessionInfo({ ...user, id: 9, name: 'Otra persona', role: 'admin' });
    window.localStorage.setItem('modulos', 'promociones,nuevo');
    renderSync(null);
    await waitFor(() => expect(window.localStorage.getItem('userId')).toBeNull());
    expect(window.localStorage.getItem('rol')).toBeNull();
    expect(window.localStorage.getItem('name')).toBeNull();
    expect(window.localStorage.getItem('modulos')).toBe('promociones,nuevo');
  });

  it("a shopper stored but unknown to the server (the session ended while the shop was closed): 'Tu sesión terminó…'", async () => {
    storeSessionInfo(user);
    renderSync(null);
    await waitFor(() => expect(sessionEndedNotice.shown).toBe(true));
    expect(window.localStorage.getItem('userLogged')).toBeNull();
  });

  it('a visitor who never signed in gets no notice', async () => {
    renderSync(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionEndedNotice.shown).toBe(false);
  });
});
