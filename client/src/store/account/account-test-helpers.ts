/** What the tests of the account pages share (imported by *.test.tsx only). */
import type { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { stubMatchMedia } from '../../../test/render-with-providers';
import type { SessionUserFieldsFragment } from '../../gql/graphql';
import { MeQuery } from '../../shared/session/api';
import { anaLopez } from '../../../test/session-fixtures';

export const always = { maxUsageCount: Number.POSITIVE_INFINITY };

/** `me` for a visitor who is not signed in, as often as asked. */
export const anonymous: MockLink.MockedResponse = {
  request: { query: MeQuery },
  result: { data: { me: null } },
  ...always,
};

/** A customer with a password, signed in with her email. */
export const customer: SessionUserFieldsFragment = anaLopez();

/** How a mocked mutation ends: well, or with the server's error (its code and field). */
export type Outcome = 'ok' | { message: string; code: string; field?: string };

/** A mutation's answer: `data`, or the server's error with its code and field. */
export function answer(
  outcome: Outcome,
  data: Record<string, unknown>,
): MockLink.MockedResponse['result'] {
  if (outcome === 'ok') return { data };
  return {
    errors: [
      { message: outcome.message, extensions: { code: outcome.code, field: outcome.field } },
    ],
  };
}

/** Types into the field named `name` and leaves it. */
export function typeInto(name: string, value: string): void {
  const element = screen.getByTestId(`field-${name}`);
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
}

/**
 * For a describe block: jsdom's matchMedia, console.error kept quiet (the pages log what failed)
 * and, after each test, the rendering and the spies undone.
 */
export function setUpPageTests(): void {
  beforeAll(() => stubMatchMedia());
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}
