// The browser shell's one-time downloads: leftovers removed at start, an id served once, a file
// never fetched removed after the time limit, everything removed at close.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDownloads, DOWNLOAD_ROUTE, downloadDestination } from '../../src/main/browser-shell/downloads';

const folder = () => join(mkdtempSync(join(tmpdir(), 'showroom-downloads-')), 'downloads');

describe('createDownloads', () => {
  it('removes what an earlier run left in its folder', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'old'), { recursive: true });
    writeFileSync(join(dir, 'abc.csv'), 'stock');
    writeFileSync(join(dir, 'abc.csv.123.partial'), 'half');
    const downloads = await createDownloads({ dir });
    expect(readdirSync(dir)).toEqual([]);
    await downloads.close();
  });

  it('gives an offer once, by an unguessable id; an unknown id finds nothing', async () => {
    const downloads = await createDownloads({ dir: folder() });
    const file = downloads.newFile('csv');
    writeFileSync(file, 'a,b');
    const id = downloads.offer({ file, fileName: 'x.csv', contentType: 'text/csv' });
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(downloads.offer({ file, fileName: 'x.csv', contentType: 'text/csv' })).not.toBe(id);
    expect(downloads.take('nope')).toBeUndefined();
    expect(downloads.take(id)).toEqual({ file, fileName: 'x.csv', contentType: 'text/csv' });
    expect(downloads.take(id)).toBeUndefined();
    await downloads.close();
    expect(existsSync(file)).toBe(false);
  });

  it('a file not fetched within the time limit is removed and its id forgotten', async () => {
    const downloads = await createDownloads({ dir: folder(), ttlMs: 30 });
    const file = downloads.newFile('xlsx');
    writeFileSync(file, 'zip');
    const id = downloads.offer({ file, fileName: 'x.xlsx', contentType: 'application/zip' });
    await expect.poll(() => existsSync(file), { timeout: 2000 }).toBe(false);
    expect(downloads.take(id)).toBeUndefined();
    await downloads.close();
  });
});

describe('downloadDestination', () => {
  it('writes inside the folder and, once written, offers it under the suggested name at /download/<id>', async () => {
    const downloads = await createDownloads({ dir: folder() });
    const place = await downloadDestination(downloads).place({ fileName: 'showroom-anuncios-2026-11-22.csv', format: 'csv', language: 'pt-BR' });
    expect(place).not.toBeNull();
    expect(place!.file.startsWith(downloads.dir)).toBe(true);
    expect(place!.file.endsWith('.csv')).toBe(true);
    const delivery = place!.deliver();
    expect(delivery).toMatchObject({ kind: 'download', fileName: 'showroom-anuncios-2026-11-22.csv' });
    const url = delivery.kind === 'download' ? delivery.url : '';
    expect(url.startsWith(DOWNLOAD_ROUTE)).toBe(true);
    expect(downloads.take(url.slice(DOWNLOAD_ROUTE.length))).toEqual({
      file: place!.file,
      fileName: 'showroom-anuncios-2026-11-22.csv',
      contentType: 'text/csv; charset=utf-8',
    });
    await downloads.close();
  });
});
