import { ApolloLink, type ApolloClient } from '@apollo/client';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { progressFetch } from './upload-progress';

/** A File or Blob somewhere in the variables (arrays and plain objects searched). */
export function containsFile(value: unknown): boolean {
  if (value instanceof Blob) return true;
  if (Array.isArray(value)) return value.some(containsFile);
  if (value !== null && typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return false;
    return Object.values(value).some(containsFile);
  }
  return false;
}

const upgraded = new WeakSet<ApolloClient>();

/**
 * Lets `client` send operations whose variables hold files (product photos) as GraphQL multipart
 * requests (github.com/jaydenseric/graphql-multipart-request-spec); every other operation keeps
 * going through the client's own link. The server keeps Apollo's CSRF prevention on, which lets
 * a multipart request through only with the `Apollo-Require-Preflight` header.
 *
 * Uploads are sent through `progressFetch` (upload-progress.ts), so a screen can show how much of
 * the photos has gone; tests give a `fetchImpl` of their own.
 *
 * Installed by the back office when it first sends photos, so the upload code lives in the lazily
 * loaded admin chunk and the shopper's bundle does not carry it. Calling it again does nothing.
 */
export function enableMultipartUploads(client: ApolloClient, fetchImpl?: typeof fetch): void {
  if (upgraded.has(client)) return;
  upgraded.add(client);
  const multipart = new UploadHttpLink({
    uri: '/graphql',
    credentials: 'include',
    headers: { 'Apollo-Require-Preflight': 'true' },
    fetch: fetchImpl ?? progressFetch,
  });
  client.setLink(
    ApolloLink.split((operation) => containsFile(operation.variables), multipart, client.link),
  );
}
