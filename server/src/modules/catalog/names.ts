import type { Db } from '../../core/db/connect.js';
import { PLATFORM_SITE_ID } from '../sites/index.js';

/** The platform's directories by id: name and parent (promotion's rate overrides name and climb them). */
export async function platformDirsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { name: string; parentId: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('goods_dirs')
    .select(['id', 'name', 'parent_id'])
    .where('site_id', '=', PLATFORM_SITE_ID)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((r) => [r.id, { name: r.name, parentId: r.parent_id === null ? null : Number(r.parent_id) }]),
  );
}

/** The platform's goods by id: name and directory. */
export async function platformGoodsByIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { name: string; dirId: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('goods')
    .select(['id', 'name', 'dir_id'])
    .where('site_id', '=', PLATFORM_SITE_ID)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, dirId: Number(r.dir_id) }]));
}
