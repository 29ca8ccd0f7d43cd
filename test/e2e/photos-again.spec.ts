// Rejected photos sent again (issue 31, item 4): a photo Showroom sent whose address did not answer
// is dropped by the portal, leaving a gap; once the address answers, Needs attention sends every such
// listing's photos again in one step, and after the portal applies it the gap is gone. The address is
// served on loopback by the test (the sandbox's worker fetches loopback addresses as the portal
// fetches the web), first as a 404, then as an image.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { button, connectAndSync, syncNow, usedCarOnPortal, words } from './helpers';

/** The first bytes of a JPEG: what the portal's worker checks an answer by. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

async function photoHost(): Promise<{ server: Server; url: string; answer: (yes: boolean) => void }> {
  let answers = false;
  const server = createServer((_req, res) => {
    if (!answers) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': JPEG.length }).end(JPEG);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/front.jpg`, answer: (yes) => (answers = yes) };
}

test.use({ sandboxOptions: { vehicles: 40, seed: 5 } });

test('a photo the portal rejected is sent again from Needs attention, and the gap is gone once applied', async ({ app, sandbox }) => {
  test.setTimeout(180_000);
  const { page } = app;
  const t = words('en');
  const host = await photoHost();
  try {
    await connectAndSync(app, sandbox);
    const car = usedCarOnPortal(sandbox);
    const kept = [...car.pictures].sort((a, b) => a.order - b.order).map((p) => ({ source: p.source }));
    // An edit made here puts a new photo first; its address does not answer yet, so the portal drops it: a gap at 1.
    const saved = await app.invoke('changes.edit', { reference: car.reference, fields: { pictures: [{ source: host.url }, ...kept] } });
    expect(saved).toMatchObject({ ok: true, value: { outcome: 'sent' } });
    sandbox.data.applyQueue();
    await sandbox.data.settle();
    expect(sandbox.data.get(car.reference)?.pictures.map((p) => p.order)[0]).toBe(2);
    await syncNow(app);

    const nav = page.getByRole('navigation').getByRole('button', { name: new RegExp(`^${t('nav.attention')} \\d+$`) });
    await nav.click();
    const again = button(page, t('attention.photosAgain.button', { count: 1 }));
    await expect(again).toBeVisible();

    host.answer(true);
    await again.click();
    await button(page.getByRole('dialog'), t('attention.photosAgain.confirm')).click();
    await expect(page.getByRole('status').filter({ hasText: t('attention.photosAgain.done', { sent: 1, queued: 0, refused: 0 }) })).toBeVisible();
    sandbox.data.applyQueue();
    await sandbox.data.settle();
    const orders = sandbox.data.get(car.reference)?.pictures.map((p) => p.order) ?? [];
    expect(orders).toEqual(orders.map((_, i) => i + 1));
    expect(orders).toHaveLength(kept.length + 1);

    await syncNow(app);
    await expect(button(page, t('attention.photosAgain.button', { count: 1 }))).toBeHidden();
    const detail = await app.invoke('vehicles.get', { reference: car.reference });
    expect(detail).toMatchObject({ ok: true, value: { rejectedPositions: [] } });
  } finally {
    host.server.close();
  }
});
