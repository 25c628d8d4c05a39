// apollo-upload-client 20 ships JavaScript with JSDoc types only; the part the shop uses.
declare module 'apollo-upload-client/UploadHttpLink.mjs' {
  import { ApolloLink } from '@apollo/client';

  export interface UploadHttpLinkOptions {
    uri?: string;
    credentials?: RequestCredentials;
    headers?: Record<string, string>;
    fetch?: typeof fetch;
    fetchOptions?: RequestInit;
    includeExtensions?: boolean;
  }

  export default class UploadHttpLink extends ApolloLink {
    constructor(options?: UploadHttpLinkOptions);
  }
}
