import { createHmac, hkdfSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../core/context.js';
import { randomToken, safeEqual } from '../../core/crypto.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { loadCardKey } from '../../core/secret-box.js';
import { readImage, saveImageFile } from '../../core/uploads.js';
import type { ComplaintUpload } from '@kapu/contract';

/** How long a link to an evidence image works: long enough to read a thread, short enough to not travel. */
const LINK_MS = 30 * 60_000;
/** Uploaded but never sent with a message: unusable after a day. */
const UNATTACHED_MS = 86_400_000;

const keys = new Map<string, Buffer>();
function linkKey(dataDir: string): Buffer {
  let key = keys.get(dataDir);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', loadCardKey(dataDir), Buffer.alloc(0), 'kapu complaint evidence link', 32));
    keys.set(dataDir, key);
  }
  return key;
}

function signature(dataDir: string, id: number, expires: number): string {
  return createHmac('sha256', linkKey(dataDir)).update(`${id}.${expires}`).digest('base64url');
}

/** A short-lived link to one evidence image (only handed to the thread's parties). */
export function evidenceLink(dataDir: string, id: number, now = Date.now()): string {
  // Rounded, so a thread read twice within minutes links the same URLs (the browser's cache works).
  const expires = Math.ceil((now + LINK_MS) / 600_000) * 600_000;
  return `/complaint-file/${id}?e=${expires}&s=${signature(dataDir, id, expires)}`;
}

/**
 * Evidence images are kept under the data folder, outside the public uploads: the type is sniffed
 * from the bytes (core/uploads.ts), the size limited, the name random.
 */
export async function storeEvidence(
  db: Db,
  dataDir: string,
  ctx: RequestContext,
  req: FastifyRequest,
): Promise<ComplaintUpload> {
  if (!req.isMultipart()) throw businessError('UPLOAD_MISSING');
  const { buffer, mime, ext } = await readImage(req);
  const now = new Date();
  const rel = await saveImageFile(path.join(dataDir, 'evidence'), buffer, ext, now);
  const token = randomToken(24);
  const { id } = await db
    .insertInto('complaint_files')
    .values({
      token,
      complaint_id: null,
      message_id: null,
      path: rel,
      mime,
      size: buffer.length,
      uploader_area: ctx.area,
      uploader_id: ctx.actor?.id ?? 0,
      created_at: now.getTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, url: evidenceLink(dataDir, Number(id), now.getTime()) };
}

/**
 * Attaches uploaded images to a message, in its transaction: each token must name a file not yet
 * attached, uploaded in the same area by the same person (visitors: any visitor upload of the day,
 * the token being unguessable), so nobody sends someone else's upload.
 */
export async function attachEvidence(
  trx: Db,
  ctx: RequestContext,
  tokens: readonly string[],
  complaintId: number,
  messageId: number,
  now: number,
): Promise<void> {
  const unique = [...new Set(tokens)];
  if (unique.length === 0) return;
  const res = await trx
    .updateTable('complaint_files')
    .set({ complaint_id: complaintId, message_id: messageId })
    .where('token', 'in', unique)
    .where('message_id', 'is', null)
    .where('uploader_area', '=', ctx.area)
    .where('uploader_id', '=', ctx.actor?.id ?? 0)
    .where('created_at', '>', now - UNATTACHED_MS)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== unique.length) throw businessError('COMPLAINT_IMAGE_INVALID');
}

/** The links of each message's images, for the thread's reader. */
export async function evidenceOf(db: Db, dataDir: string, messageIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (messageIds.length === 0) return out;
  const rows = await db
    .selectFrom('complaint_files')
    .select(['id', 'message_id'])
    .where('message_id', 'in', messageIds)
    .orderBy('id')
    .execute();
  const now = Date.now();
  for (const r of rows) {
    const list = out.get(Number(r.message_id)) ?? [];
    list.push(evidenceLink(dataDir, Number(r.id), now));
    out.set(Number(r.message_id), list);
  }
  return out;
}

/** GET /complaint-file/:id?e=…&s=…: the image, when the link is genuine and not expired. */
export function registerEvidenceFiles(app: FastifyInstance, db: Db, dataDir: string): void {
  app.get<{ Params: { id: string }; Querystring: { e?: string; s?: string } }>(
    '/complaint-file/:id',
    async (req, reply) => {
      const id = Number(req.params.id);
      const expires = Number(req.query.e);
      const given = String(req.query.s ?? '');
      const valid =
        Number.isSafeInteger(id) &&
        id > 0 &&
        Number.isSafeInteger(expires) &&
        expires > Date.now() &&
        safeEqual(signature(dataDir, id, expires), given);
      const file = valid
        ? await db.selectFrom('complaint_files').select(['path', 'mime']).where('id', '=', id).executeTakeFirst()
        : undefined;
      if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('图片不存在或链接已过期');
      const bytes = await readFile(path.join(dataDir, 'evidence', file.path)).catch(() => null);
      if (!bytes) return reply.code(404).type('text/plain; charset=utf-8').send('图片不存在或链接已过期');
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
