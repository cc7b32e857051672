import {
  broadcastCreateInput,
  broadcastListInput,
  deliveryListInput,
  recordIdInput,
  robotSaveInput,
  telegramSettingInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import type { SecretBox } from '../verification/index.js';
import { createBroadcast, listBroadcasts } from './broadcasts.js';
import { listDeliveries, retryDelivery, sendToRobot } from './deliveries.js';
import type { MessagesService } from './messages.service.js';
import { ProviderError } from './providers.js';
import { deleteRobot, listRobots, robotRow, saveRobot } from './robots.js';
import { telegramSettingView } from './telegram.js';

const A = ADMIN_PREFIX;

/** Admin: broadcasts, the Telegram bot, staff group robots and the delivery log. Every write is audited. */
export function registerMessageAdminRoutes(
  app: FastifyInstance,
  deps: Deps,
  messages: MessagesService,
  box: SecretBox,
  robotsChanged: () => Promise<void>,
): void {
  const { db, settings, config } = deps;
  const tz = config.timeZone;
  const set = { auth: 'admin', permission: 'settings.edit' } as const;

  defineCall(app, `${A}/messages/broadcasts`, { ...set, input: broadcastListInput }, (_ctx, input) =>
    listBroadcasts(db, input, tz),
  );
  defineCall(
    app,
    `${A}/messages/broadcast`,
    {
      ...set,
      input: broadcastCreateInput,
      audit: { action: 'messages.broadcast' },
      limits: [{ max: 10, windowMs: 60_000 }],
    },
    (ctx, input) => createBroadcast(db, ctx, input),
  );

  defineCall(app, `${A}/messages/telegram`, set, () => telegramSettingView(settings));
  defineCall(
    app,
    `${A}/messages/saveTelegram`,
    {
      ...set,
      input: telegramSettingInput,
      audit: { action: 'messages.telegram', record: (i) => ({ ...i, botToken: i.botToken ? '***' : '' }) },
    },
    async (ctx, input) => {
      await messages.saveTelegram(ctx, input);
      return telegramSettingView(settings);
    },
  );

  defineCall(app, `${A}/messages/robots`, set, () => listRobots(db, box, tz));
  defineCall(
    app,
    `${A}/messages/saveRobot`,
    {
      ...set,
      input: robotSaveInput,
      audit: {
        action: 'messages.robotSave',
        record: (i) => ({ ...i, url: i.url ? '***' : '', secret: i.secret ? '***' : '' }),
      },
    },
    async (ctx, input) => {
      const saved = await saveRobot(db, box, ctx, input);
      await robotsChanged();
      return saved;
    },
  );
  defineCall(
    app,
    `${A}/messages/deleteRobot`,
    { ...set, input: recordIdInput, audit: { action: 'messages.robotDelete' } },
    async (ctx, input) => {
      await deleteRobot(db, ctx, input.id);
      await robotsChanged();
    },
  );
  /** Sends a test line to a robot now (not through the log); the provider's refusal is answered in words. */
  defineCall(
    app,
    `${A}/messages/testRobot`,
    { ...set, input: recordIdInput, limits: [{ max: 10, windowMs: 60_000 }] },
    async (_ctx, input) => {
      const robot = await robotRow(db, input.id);
      try {
        await sendToRobot({ settings, box }, robot, `【测试】这是来自卡铺后台的测试消息（${robot.name}）。`);
      } catch (err) {
        if (err instanceof ProviderError) throw businessError('ROBOT_SEND_FAILED', `机器人发送失败：${err.message}`);
        throw err;
      }
    },
  );

  defineCall(app, `${A}/messages/deliveries`, { ...set, input: deliveryListInput }, (_ctx, input) =>
    listDeliveries(db, input, tz),
  );
  defineCall(
    app,
    `${A}/messages/retryDelivery`,
    { ...set, input: recordIdInput, audit: { action: 'messages.deliveryRetry' } },
    async (ctx, input) => {
      await db.transaction().execute(async (trx) => {
        if (!(await retryDelivery(trx, input.id))) throw businessError('CONFLICT', '只能重发失败的投递');
        await writeAudit(ctx, trx);
      });
    },
  );
}
