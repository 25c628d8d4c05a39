import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { containsFile, enableMultipartUploads } from './multipart-uploads';

const photo = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('containsFile', () => {
  it('finds files in nested variables and nothing else', () => {
    expect(containsFile({ id: 1, photos: [photo('a.png')] })).toBe(true);
    expect(containsFile({ input: { deep: { file: photo('b.png') } } })).toBe(true);
    expect(containsFile({ id: 1, input: { name: 'Playera', sizes: ['S'] } })).toBe(false);
    expect(containsFile(undefined)).toBe(false);
    expect(containsFile({ when: new Date() })).toBe(false);
  });
});

// parse(), not a gql tag: codegen would take these for the app's own operations.
const CreateProduct = parse(`
  mutation UploadTestCreate($input: ProductInput!, $photos: [Upload!]!) {
    createProduct(input: $input, photos: $photos) {
      id
    }
  }
`);
const Products = parse(`
  query UploadTestList($search: String) {
    adminProducts(search: $search) {
      total
    }
  }
`);

/** The shop's client (an HttpLink) with the uploads enabled, both answering through `fetchImpl`. */
function clientWith(fetchImpl: typeof fetch) {
  const client = new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'include', fetch: fetchImpl }),
    cache: new InMemoryCache(),
  });
  enableMultipartUploads(client, fetchImpl);
  enableMultipartUploads(client, fetchImpl); // idempotent
  return client;
}

const answer = (data: unknown) =>
  new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });

const headerOf = (init: RequestInit | undefined, name: string) =>
  new Headers(init?.headers as Record<string, string>).get(name);

describe('enableMultipartUploads', () => {
  it('sends an operation with files as a GraphQL multipart request with the preflight header', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      answer({ createProduct: { __typename: 'Product', id: 7 } }),
    );
    const result = await clientWith(fetchImpl).mutate({
      mutation: CreateProduct,
      variables: {
        input: { name: 'Playera Nike 1 Negro' },
        photos: [photo('uno.png'), photo('dos.png')],
      },
    });
    expect(result.data).toEqual({ createProduct: { __typename: 'Product', id: 7 } });

    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [uri, init] = fetchImpl.mock.calls[0]!;
    expect(uri).toBe('/graphql');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(headerOf(init, 'Apollo-Require-Preflight')).toBe('true');
    expect(headerOf(init, 'content-type')).toBeNull(); // fetch sets the multipart boundary

    expect(init?.body).toBeInstanceOf(FormData);
    const form = init?.body as FormData;
    expect([...form.keys()]).toEqual(['operations', 'map', '1', '2']);
    const operations = JSON.parse(String(form.get('operations'))) as { variables: unknown };
    expect(operations.variables).toEqual({
      input: { name: 'Playera Nike 1 Negro' },
      photos: [null, null],
    });
    expect(JSON.parse(String(form.get('map')))).toEqual({
      1: ['variables.photos.0'],
      2: ['variables.photos.1'],
    });
    expect((form.get('1') as File).name).toBe('uno.png');
    expect((form.get('2') as File).name).toBe('dos.png');
  });

  it('sends an operation without files through the old link, as JSON without the header', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      answer({ adminProducts: { __typename: 'AdminProductPage', total: 3 } }),
    );
    await clientWith(fetchImpl).query({ query: Products, variables: { search: 'nike' } });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [, init] = fetchImpl.mock.calls[0]!;
    expect(typeof init?.body).toBe('string');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      operationName: 'UploadTestList',
      variables: { search: 'nike' },
    });
    expect(headerOf(init, 'Apollo-Require-Preflight')).toBeNull();
    expect(headerOf(init, 'content-type')).toBe('application/json');
  });
});
