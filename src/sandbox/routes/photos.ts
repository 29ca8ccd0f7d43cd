// The portal's photo host (CDN-like, no auth, no rate limit) and its listing pages.
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { oversizedJpeg, placeholderJpeg } from '../jpeg';

const PHOTO_FILE = /^([A-Za-z0-9_-]{1,120})\.jpg$/;

/** The photo in the sandbox's style; the tiny one when studio shots cannot be rendered or the id is no listing's. */
async function photoBytes(ctx: SandboxContext, id: string): Promise<Buffer> {
  if (ctx.photos.style === 'studio') {
    const subject = ctx.photos.subjects.find(id);
    const jpeg = subject && (await ctx.photos.studio.render(subject));
    if (jpeg) return jpeg;
  }
  return placeholderJpeg(id);
}

export function photoRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { file: string } }>('/photos/:file', async (request, reply) => {
    const match = PHOTO_FILE.exec(request.params.file);
    if (!match?.[1]) return reply.code(404).type('text/plain').send('Not Found');
    const id = match[1];
    const fault = ctx.faults.photoFault(id);
    await fault?.hold?.();
    if (fault?.status) return reply.code(fault.status).type('text/plain').send(`Error ${fault.status}`);
    if (fault?.notAnImage) {
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><html><body><h1>Acesso negado</h1><p>${id}</p></body></html>`);
    }
    const bytes = fault?.oversizeBytes ? oversizedJpeg(id, fault.oversizeBytes) : await photoBytes(ctx, id);
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=31536000, immutable').header('etag', `"${id}"`).send(bytes);
  });

  app.get<{ Params: { slug: string } }>('/anuncios/:slug', async (request, reply) => {
    const slug = request.params.slug.replace(/[<>&"]/g, '');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Anúncio ${slug}</title></head><body><h1>Anúncio</h1><p>${slug}</p><p>Página de anúncio do portal (sandbox).</p></body></html>`,
      );
  });
}
