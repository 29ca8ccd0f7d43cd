// Helpers for the sandbox conformance tests: real HTTP with global fetch, never mocked.
import type { Sandbox } from '../../src/sandbox';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export async function getJwt(sb: Sandbox, token = sb.integrationToken): Promise<string> {
  const res = await fetch(`${sb.baseUrl}/clients/jwt`, { headers: { token } });
  if (res.status !== 200) throw new Error(`jwt: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Calls the API with a JWT (or none when jwt is null) and parses JSON when there is any. */
export async function call<T = unknown>(sb: Sandbox, jwt: string | null, path: string, init: RequestInit = {}): Promise<Answer<T>> {
  const headers = new Headers(init.headers);
  if (jwt !== null) headers.set('authorization', `Bearer ${jwt}`);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const res = await fetch(path.startsWith('http') ? path : `${sb.baseUrl}${path}`, { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text.length) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: body as T };
}

export interface Page {
  data: Array<Record<string, unknown> & { reference: string }>;
  meta: {
    itemsPerPage: number;
    totalItems: number;
    currentPage: number;
    totalPages: number;
    sortBy: Array<[string, string]>;
    search?: string;
    filter?: Record<string, string | string[]>;
  };
  links: { first?: string; previous?: string; current: string; next?: string; last?: string };
}

/** Walks every page of a list query; returns all pages. */
export async function walk(sb: Sandbox, jwt: string, query = 'limit=50'): Promise<Page[]> {
  const pages: Page[] = [];
  for (let page = 1; ; page++) {
    const res = await call<Page>(sb, jwt, `/vehicles?${query}&page=${page}`);
    if (res.status !== 200) throw new Error(`page ${page}: ${res.status}`);
    pages.push(res.body);
    if (page >= res.body.meta.totalPages) break;
  }
  return pages;
}

/**
 * Checks that `bytes` is a well-formed baseline JPEG by decoding its structure and its entropy-coded
 * scan (Huffman decoding every block of every component). Returns width and height.
 */
export function decodeJpegStructure(bytes: Uint8Array): { width: number; height: number; blocks: number } {
  const fail = (why: string): never => {
    throw new Error(`invalid JPEG: ${why}`);
  };
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) fail('no SOI');
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) fail('no EOI');
  let pos = 2;
  let width = 0;
  let height = 0;
  const components: Array<{ id: number; dc: number; ac: number }> = [];
  const tables = new Map<string, Map<string, number>>();
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) fail(`expected a marker at ${pos}`);
    const marker = bytes[pos + 1] ?? 0;
    const length = ((bytes[pos + 2] ?? 0) << 8) | (bytes[pos + 3] ?? 0);
    const seg = bytes.subarray(pos + 4, pos + 2 + length);
    if (marker === 0xc0) {
      height = ((seg[1] ?? 0) << 8) | (seg[2] ?? 0);
      width = ((seg[3] ?? 0) << 8) | (seg[4] ?? 0);
    } else if (marker === 0xc4) {
      let i = 0;
      while (i < seg.length) {
        const tc = seg[i] ?? 0;
        const counts = [...seg.subarray(i + 1, i + 17)];
        let k = i + 17;
        let code = 0;
        const map = new Map<string, number>();
        counts.forEach((count, len) => {
          for (let c = 0; c < count; c++) {
            map.set(code.toString(2).padStart(len + 1, '0'), seg[k++] ?? 0);
            code++;
          }
          code <<= 1;
        });
        tables.set(`${tc >> 4}-${tc & 15}`, map);
        i = k;
      }
    } else if (marker === 0xda) {
      const n = seg[0] ?? 0;
      for (let c = 0; c < n; c++) components.push({ id: seg[1 + 2 * c] ?? 0, dc: (seg[2 + 2 * c] ?? 0) >> 4, ac: (seg[2 + 2 * c] ?? 0) & 15 });
      pos += 2 + length;
      break;
    } else if (marker === 0xd9) fail('EOI before SOS');
    pos += 2 + length;
  }
  if (!width || !height) fail('no SOF0');
  // Entropy-coded data up to EOI, with byte stuffing removed.
  const data: number[] = [];
  for (; pos < bytes.length - 2; pos++) {
    const b = bytes[pos] ?? 0;
    data.push(b);
    if (b === 0xff) {
      if (bytes[pos + 1] !== 0x00) fail(`unexpected marker in scan at ${pos}`);
      pos++;
    }
  }
  let bit = 0;
  const readBit = (): number => {
    const byte = data[bit >> 3];
    if (byte === undefined) fail('scan data ended early');
    const v = ((byte ?? 0) >> (7 - (bit & 7))) & 1;
    bit++;
    return v;
  };
  const decode = (table: Map<string, number> | undefined): number => {
    if (!table) return fail('missing Huffman table');
    let code = '';
    while (code.length <= 16) {
      code += String(readBit());
      const sym = table.get(code);
      if (sym !== undefined) return sym;
    }
    return fail('bad Huffman code');
  };
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  for (let b = 0; b < blocks; b++) {
    for (const comp of components) {
      const cat = decode(tables.get(`0-${comp.dc}`));
      for (let i = 0; i < cat; i++) readBit();
      for (let k = 1; k < 64;) {
        const rs = decode(tables.get(`1-${comp.ac}`));
        if (rs === 0) break;
        const run = rs >> 4;
        const size = rs & 15;
        for (let i = 0; i < size; i++) readBit();
        k += run + 1;
      }
    }
  }
  // What is left must be padding (1-bits) within the last byte.
  if (data.length * 8 - bit >= 8) fail('extra data after the last block');
  return { width, height, blocks };
}
