import { describe, expect, it } from 'vitest';
import { PurchaseAttemptKey } from './attempt-key';

function counter() {
  let n = 0;
  return () => `clave-${(n += 1)}`;
}

describe('PurchaseAttemptKey: one idempotency key per purchase attempt', () => {
  it('sends the same key for every retry until the server answers', () => {
    const attempt = new PurchaseAttemptKey(counter());
    expect(attempt.key()).toBe('clave-1');
    // Double click, then a retry after a network failure: still the same attempt.
    expect(attempt.key()).toBe('clave-1');
    expect(attempt.key()).toBe('clave-1');
  });

  it('starts a new attempt with a new key once the server has answered', () => {
    const attempt = new PurchaseAttemptKey(counter());
    expect(attempt.key()).toBe('clave-1');
    attempt.settled();
    expect(attempt.key()).toBe('clave-2');
    expect(attempt.key()).toBe('clave-2');
  });

  it('uses random UUIDs by default, long enough for the server (8 to 100 characters)', () => {
    const first = new PurchaseAttemptKey().key();
    const second = new PurchaseAttemptKey().key();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first).not.toBe(second);
  });
});
