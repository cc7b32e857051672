import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@kapu/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext } from './context.js';
import type { Db } from './db/connect.js';
import { ok } from './envelope.js';
import { businessError } from './errors.js';
import { randomToken } from './crypto.js';

/** Image types we accept, by the type sniffed from the bytes (never the name or header). */
const IMAGE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

/** The one file of a multipart request, refused unless its bytes are an image we accept (size-limited). */
export async function readImage(req: FastifyRequest): Promise<{ buffer: Buffer; mime: string; ext: string }> {
  let file: MultipartFile | undefined;
  try {
    file = await req.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  } catch {
    throw businessError('UPLOAD_MISSING');
  }
  if (!file) throw businessError('UPLOAD_MISSING');
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch {
    throw businessError('UPLOAD_TOO_LARGE');
  }
  if (file.file.truncated) throw businessError('UPLOAD_TOO_LARGE');
  const type = await fileTypeFromBuffer(buffer);
  const ext = type && IMAGE_TYPES.get(type.mime);
  if (!type || !ext) throw businessError('UPLOAD_NOT_IMAGE');
  return { buffer, mime: type.mime, ext };
}

/** Writes an image under root/YYYY/MM/ with an unguessable name; answers its path below root. */
export async function saveImageFile(root: string, buffer: Buffer, ext: string, now: Date): Promise<string> {
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const name = `${randomToken(12)}.${ext}`;
  await mkdir(path.join(root, folder), { recursive: true });
  await writeFile(path.join(root, folder, name), buffer, { flag: 'wx' });
  return `${folder}/${name}`;
}

/** Stores an image under uploads/YYYY/MM/ with an unguessable name and records its owner. */
export async function storeImage(
  db: Db,
  uploadsDir: string,
  ctx: RequestContext,
  req: FastifyRequest,
): Promise<{ url: string; size: number }> {
  if (!req.isMultipart()) throw businessError('UPLOAD_MISSING');
  const { buffer, mime, ext } = await readImage(req);
  const now = new Date();
  const rel = await saveImageFile(uploadsDir, buffer, ext, now);
  await db
    .insertInto('uploads')
    .values({
      owner_area: ctx.area,
      owner_id: ctx.actor?.id ?? 0,
      path: rel,
      mime,
      size: buffer.length,
      sha256: createHash('sha256').update(buffer).digest('hex'),
      created_at: now.getTime(),
    })
    .execute();
  return { url: `/uploads/${rel}`, size: buffer.length };
}

/** POST /inside/uploadFile (members) and the admin twin; multipart field `file`. */
export function registerUploadCalls(app: FastifyInstance, db: Db, uploadsDir: string, adminPrefix: string): void {
  const handler = async (req: FastifyRequest) => ok(await storeImage(db, uploadsDir, req.ctx, req));
  app.post('/inside/uploadFile', { config: { auth: 'user' } }, handler);
  app.post(`${adminPrefix}/uploadFile`, { config: { auth: 'admin' } }, handler);
}
