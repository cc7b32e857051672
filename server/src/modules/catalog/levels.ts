import { writeAudit } from '../../core/calls.js';
import type { levelSaveInput, z } from '@kapu/contract';
import type { RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { levelHasMembers } from '../accounts/index.js';

type LevelInput = z.infer<typeof levelSaveInput>;

/**
 * Member levels are the merchant's own (普通会员, VIP…): goods carry a price per level and new
 * members start on the default one. Exactly one level per site is the default.
 */
export function levelsService(db: Db) {
  const levelOf = (siteId: number, id: number) =>
    db.selectFrom('member_levels').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();

  return {
    async save(ctx: RequestContext, input: LevelInput): Promise<{ id: number }> {
      const siteId = ctx.site.id;
      const sameName = await db
        .selectFrom('member_levels')
        .select('id')
        .where('site_id', '=', siteId)
        .where('name', '=', input.name)
        .executeTakeFirst();
      if (sameName && sameName.id !== input.id) throw businessError('LEVEL_NAME_TAKEN');
      const before = input.id ? await levelOf(siteId, input.id) : undefined;
      if (input.id && !before) throw businessError('LEVEL_NOT_FOUND');
      // A level stops being the default only by another one taking over.
      const makeDefault = input.isDefault === 1 || before?.is_default === 1;
      const id = await db.transaction().execute(async (trx) => {
        if (makeDefault)
          await trx.updateTable('member_levels').set({ is_default: 0 }).where('site_id', '=', siteId).execute();
        const values = {
          name: input.name,
          sort: input.sort,
          is_default: makeDefault ? 1 : 0,
          // No price (or 0) is no price: the level is not sold and counts 0 when its members upgrade.
          price: input.price ? input.price : null,
          buyable: input.buyable === 1 && input.price ? 1 : 0,
          description: (input.description ?? '').trim(),
        };
        if (before) {
          await trx.updateTable('member_levels').set(values).where('id', '=', before.id).execute();
          await writeAudit(ctx, trx, {
            action: 'levels.update',
            target: `level:${before.id}`,
            before: before,
            after: input,
          });
          return before.id;
        }
        const row = await trx
          .insertInto('member_levels')
          .values({ ...values, site_id: siteId, created_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(ctx, trx, { action: 'levels.create', target: `level:${row.id}`, before: null, after: input });
        return row.id;
      });
      return { id };
    },

    async remove(ctx: RequestContext, id: number): Promise<void> {
      const level = await levelOf(ctx.site.id, id);
      if (!level) throw businessError('LEVEL_NOT_FOUND');
      if (level.is_default === 1) throw businessError('LEVEL_DEFAULT_LOCKED');
      if (await levelHasMembers(db, id)) throw businessError('LEVEL_IN_USE');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('goods_prices').where('level_id', '=', id).execute();
        await trx.deleteFrom('member_levels').where('id', '=', id).execute();
        await writeAudit(ctx, trx, { action: 'levels.delete', target: `level:${id}`, before: level, after: null });
      });
    },
  };
}
