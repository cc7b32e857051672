import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Codes } from '@kapu/contract';

/** GET paths that are files or machine endpoints; every other GET answers the SPA's index.html (history-mode routes). */
const NOT_SPA =
  /^\/(assets|uploads|static|healthz|readyz|metrics|pay\/notify|openapi|shared)(\/|$)|\.(js|css|map|png|jpe?g|gif|webp|svg|ico|woff2?|txt|json)$/;

/**
 * Serves the built web app, the uploads, and `index.html` for every other GET
 * (history mode). Unknown POSTs answer HTTP 404 with the envelope.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, uploadsDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '30d',
    immutable: true,
  });

  const indexFile = path.join(webDist, 'index.html');
  // Read once, kept as bytes: every history-mode page sends it (no re-encoding per request).
  let indexHtml: Buffer | undefined;
  const loadIndex = () => (indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile) : undefined);

  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    const html = loadIndex();
    if (!html) return reply.code(503).type('text/plain; charset=utf-8').send('前端页面尚未构建，请运行 npm start');
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  // The static plugin would answer the root as a directory listing (403): it is the SPA.
  app.get('/', (_req, reply) => sendIndex(reply));

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && !NOT_SPA.test(pathname)) return sendIndex(reply);
    return reply.code(404).send({ code: Codes.UNKNOWN_CALL.code, msg: Codes.UNKNOWN_CALL.msg, data: null });
  });
}
