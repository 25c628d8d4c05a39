import fc from 'fast-check';

/**
 * Generators of hostile input for the fuzz tests (hostile-bodies-rest.test.ts,
 * hostile-bodies-graphql.test.ts): wrong JSON types, huge strings, unicode that breaks naive code,
 * deep nesting, prototype-pollution keys, numbers at the edges, malformed JSON text and odd
 * encodings.
 */

/** Strings that have broken real programs: emoji, RTL, NUL and controls, lone surrogates… */
export const NASTY_STRINGS = [
  '',
  ' ',
  '😀👍🏽👨‍👩‍👧',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'שלום',
  'a\u0000b',
  '\u0000',
  'a\u0007\u001B[31mrojo',
  '\u0085\u009F',
  '\uD800',
  'x\uDFFFy',
  // Lone surrogates, high and low, at the start, middle and end; a pair the wrong way round.
  '\uD800x',
  'x\uD800',
  'a\uDBFFb',
  '\uDFFFx',
  'x\uDC00',
  '\uDC00\uD800',
  'e\u0301\u0301\u0301\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uFEFF\u200B\u2028\u2029',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  "' or 1=1 --",
  '"; drop table product; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e308',
  '9007199254740993',
  '0x10',
  ' 1 ',
  '1,2',
  'true',
  '[]',
  '{}',
];

/** Numbers at the edges of what JSON, JavaScript and PostgreSQL's integers hold. */
export const EDGE_NUMBERS = [
  1e308,
  -1e308,
  -0,
  0,
  2 ** 53 + 1,
  -(2 ** 53 + 1),
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  -1,
  1.5,
  0.1,
  5e-324,
  Number.MAX_SAFE_INTEGER,
];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** A string with a lone surrogate (high or low) at its start, somewhere inside, or at its end. */
export const loneSurrogateString: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.oneof(fc.integer({ min: 0xd800, max: 0xdbff }), fc.integer({ min: 0xdc00, max: 0xdfff })),
    fc.constantFrom('start', 'middle', 'end'),
  )
  .map(([text, code, where]) => {
    const lone = String.fromCharCode(code);
    // A high surrogate must not meet a low one by chance (that would be a valid pair).
    const safe = text.replace(/[\uD800-\uDFFF]/g, 'x');
    if (where === 'start') return `${lone}${safe}`;
    if (where === 'end') return `${safe}${lone}`;
    const middle = safe.length >> 1;
    return `${safe.slice(0, middle)}${lone}.${safe.slice(middle)}`;
  });

/**
 * Byte sequences that are not UTF-8: an overlong '/' (C0 AF, E0 80 AF), encoded surrogates
 * (ED A0 80, ED BF BF), bytes UTF-8 never uses (FF, FE, F8…), a stray continuation byte, a
 * sequence cut short, and one past U+10FFFF.
 */
export const MALFORMED_UTF8: readonly number[][] = [
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xf0, 0x80, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xff],
  [0xfe],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
];

export const malformedUtf8: fc.Arbitrary<number[]> = fc.constantFrom(...MALFORMED_UTF8);

/** The same sequences percent-encoded, as a hostile client puts them in a URL. */
export const percentEncoded = (bytes: readonly number[]) =>
  bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** Short hostile strings (query strings and paths must fit in Node's 16 KB of headers). */
export const shortHostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: loneSurrogateString },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 7, arbitrary: shortHostileString },
  {
    weight: 1,
    // Huge, but below the 1 MB body limit.
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'ñ', '😀', '\u0301', '9'), fc.integer({ min: 300, max: 30_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

export const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
);

/** An object `depth` levels deep ({"a":{"a":…}}) or an array as deep. */
export const nested = (depth: number, array: boolean): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = array ? [value] : { a: value };
  return value;
};

/** Any JSON value of a wrong (or right) type: the fuzz decides which fields it lands in. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    edgeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), hostileString), tie('value'), {
      maxKeys: 4,
    }),
    fc
      .tuple(fc.integer({ min: 10, max: 3000 }), fc.boolean())
      .map(([depth, array]) => nested(depth, array)),
  ),
})).value;

/** A JSON object with some of `keys` holding hostile values, plus unknown and prototype keys. */
export function hostileObject(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const known =
    keys.length > 0
      ? fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] })
      : fc.constant({});
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom(...PROTO_KEYS), hostileString),
    hostileValue,
    { maxKeys: 3 },
  );
  return fc.tuple(known, extra).map(([k, e]) => {
    // Own properties named __proto__ too, as JSON.parse makes them (not a prototype change).
    const out: Record<string, unknown> = {};
    for (const [key, value] of [...Object.entries(e), ...Object.entries(k)]) {
      Object.defineProperty(out, key, { value, enumerable: true, writable: true });
    }
    return out;
  });
}

/** Text that is not JSON, sent as application/json. */
export const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,]',
  '{"a":1}}',
  'nul',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"a":01}',
  '{"a":"\\x41"}',
  '{"a":"\\uD83D"',
  '"sin cerrar',
  '\uFEFF{"a"}',
  '<xml/>',
  'a=1&b=2',
  '\u0000',
  '{"a":"b"}\u0000',
];

export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...MALFORMED_JSON),
  // A truncated real object is never JSON.
  fc
    .tuple(hostileObject(['a', 'b']), fc.nat())
    .map(([o, n]) => {
      const text = JSON.stringify(o);
      return text.slice(0, n % text.length);
    })
    .filter((t) => t.length > 0),
);

/** Content types a JSON route does not take, and charsets body-parser refuses. */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/html; charset=utf-8',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'image/png',
  'application/json; charset=latin1',
];

/** A body over the 1 MB limit (413), built once. */
export const OVERSIZED_BODY = `{"a":"${'x'.repeat(1024 * 1024 + 16)}"}`;

/**
 * Percent-encodes like encodeURIComponent, but never throws: a lone surrogate becomes the raw
 * invalid sequence %ED%A0%80, as a hostile client would send it.
 */
export function encodeLoosely(text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const code = ch.charCodeAt(0);
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}

/** A query string's pairs, some keys repeated (?a=1&a=2), some raw (odd encodings). */
export function hostileQuery(keys: readonly string[]): fc.Arbitrary<string> {
  const key =
    keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), shortHostileString) : shortHostileString;
  const pair = fc.tuple(
    key,
    fc.oneof(
      shortHostileString,
      edgeNumber.map(String),
      fc.integer({ min: 201, max: 1500 }).map((n) => 'a'.repeat(n)),
    ),
    fc.constantFrom('encoded', 'raw', 'bracket', 'bad-utf8'),
    malformedUtf8,
  );
  return fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) =>
    pairs
      .map(([k, v, how, bad]) => {
        // Invalid UTF-8, percent-encoded, inside the value: Node would decode it to U+FFFD.
        if (how === 'bad-utf8') {
          const middle = v.length >> 1;
          return `${encodeLoosely(k)}=${encodeLoosely(v.slice(0, middle))}${percentEncoded(bad)}${encodeLoosely(v.slice(middle))}`;
        }
        const name = how === 'bracket' ? `${encodeLoosely(k)}[]` : encodeLoosely(k);
        // 'raw' keeps %, &, = and # as they are: broken escapes and split pairs.
        return how === 'raw'
          ? `${name}=${[...v.slice(0, 200)].map((c) => (/[%&=]/.test(c) ? c : encodeLoosely(c))).join('')}`
          : `${name}=${encodeLoosely(v)}`;
      })
      .join('&'),
  );
}

/** A path segment that is not a database id: words, signs, huge numbers, odd encodings. */
export const hostileIdSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '00001',
    '1.5',
    '1e3',
    '2147483648',
    '99999999999999999999',
    '9007199254740993',
    'NaN',
    'null',
    '%00',
    '%E0%A4%A',
    '%',
    '%2F',
    '%2e%2e',
    '1%20',
    '%201',
    '0x1',
    '١٢٣',
    '%C0%AF',
    '1%ED%A0%80',
    '%FF',
    '%F4%90%80%80',
  ),
  malformedUtf8.map((bytes) => `1${percentEncoded(bytes)}`),
  shortHostileString.filter((s) => s.length > 0 && !/^[1-9]\d{0,9}$/.test(s)).map(encodeLoosely),
);

/**
 * A JSON body whose text holds bytes that are not UTF-8 inside a string value (raw, as a client
 * writing bytes would send them): body-parser would decode them to U+FFFD without a word.
 */
export function malformedUtf8Body(keys: readonly string[]): fc.Arbitrary<Buffer> {
  return fc
    .tuple(hostileObject(keys), fc.constantFrom(...(keys.length > 0 ? keys : ['a'])), malformedUtf8)
    .map(([object, key, bytes]) => {
      const marker = 'BYTES-GO-HERE';
      const text = JSON.stringify({ ...object, [key]: `a${marker}b` });
      const [before, after] = text.split(marker) as [string, string];
      return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
    });
}

/** A header value that is not UTF-8 (Node sends a header's characters as Latin-1 bytes). */
export const malformedHeader: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.constantFrom('User-Agent', 'X-Forwarded-For', 'Authorization', 'Referer', 'Accept-Language'),
    malformedUtf8,
  )
  .map(([name, bytes]) => ({ [name]: `a${Buffer.from(bytes).toString('latin1')}b` }));
