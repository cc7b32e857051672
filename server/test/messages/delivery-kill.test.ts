import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/core/config.js';
import { enqueueJob } from '../../src/core/jobs.js';
import { TELEGRAM_POLL_JOB } from '../../src/modules/messages/index.js';
import { MAIL_SETTING, secretBoxFor } from '../../src/modules/verification/index.js';
import { shop } from '../commerce/commerce-helper.js';
import { startGroupRobots } from '../fakes/group-robots.js';
import { smtpSettingFor, startSmtpServer } from '../fakes/smtp.js';
import { startTelegramBot } from '../fakes/telegram-bot.js';
import { buildSecondInstance, buildTestApp, dialects, drainJobs, type TestApp } from '../helper.js';

const BOT_TOKEN = '222333444:AAkill-test-token-0123456789abcdef';

/**
 * An event members and staff are notified of, committed by a process that is then killed with
 * kill -9 (before anything was handed over, or holding the deliveries): two other instances
 * racing for the work deliver it once per channel — one message, one mail, one Telegram message,
 * one robot post.
 */
describe.each(dialects())('notifications survive a killed instance, on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let bot: Awaited<ReturnType<typeof startTelegramBot>>;
  let robots: Awaited<ReturnType<typeof startGroupRobots>>;
  let owner: { id: number; token: string };
  const email = `owner-${Date.now()}@example.com`;

  beforeAll(async () => {
    a = await buildTestApp(dialect);
    smtp = await startSmtpServer();
    bot = await startTelegramBot(BOT_TOKEN);
    robots = await startGroupRobots({ wecomKey: 'wk-kill-0001', dingToken: 'dt-kill-0001', dingSecret: 'SECkill' });
    await a.deps.settings.set(
      MAIL_SETTING,
      smtpSettingFor(smtp.port, (p) => secretBoxFor(a.config.dataDir).seal(p)),
    );
    const s = await shop(a);
    expect(
      (await a.post(`${s.A}/messages/saveTelegram`, { botToken: BOT_TOKEN, apiBase: bot.apiBase, enabled: 1 }, s.admin))
        .json.code,
    ).toBe(1000);
    expect(
      (
        await a.post(
          `${s.A}/messages/saveRobot`,
          { name: '值班群', kind: 'wecom', url: robots.wecomUrl(), topics: 'order.ownerRefundDue', enabled: 1 },
          s.admin,
        )
      ).json.code,
    ).toBe(1000);
    const m = await s.member('0');
    owner = { id: Number(m.id), token: m.token };
    await a.deps.db.updateTable('users').set({ email }).where('id', '=', owner.id).execute();
    const pref = { topic: 'order.ownerRefundDue', channel: 'email', on: 1 };
    expect((await a.post('/inside/message/savePref', pref, owner.token)).json.code).toBe(1000);
    const code = (await a.post('/inside/message/telegramCode', {}, owner.token)).json.data.code as string;
    bot.say(7007, `/start ${code}`);
    await enqueueJob(a.deps.db, TELEGRAM_POLL_JOB, {}, { uniqueKey: TELEGRAM_POLL_JOB });
    await drainJobs(a);
    expect(bot.sent.at(-1)?.text).toContain('绑定成功');
    // The second instance starts with everything set up (it reads the settings at start).
    b = await buildSecondInstance(a);
  });
  afterAll(async () => {
    await b.dispose();
    await a.dispose();
    await smtp.close();
    await bot.close();
    await robots.close();
  });

  function notifyAndDie(stage: 'before-dispatch' | 'mid-delivery'): { eventId: number; orderNo: string } {
    const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
    const res = spawnSync(
      tsx,
      [
        path.join(REPO_ROOT, 'server/test/messages/fixtures/notify-and-die.ts'),
        a.config.dataDir,
        a.config.databaseUrl ?? '-',
        stage,
        String(owner.id),
      ],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(res.signal === 'SIGKILL' || res.status === 137, res.stderr).toBe(true);
    return JSON.parse(res.stdout.trim()) as { eventId: number; orderNo: string };
  }

  /** Both instances run their job runners at once until nothing is due (lease expiries included). */
  async function deliverOnBoth(aheadMs = 0) {
    for (let round = 0; round < 15; round++) {
      const at = Date.now() + aheadMs;
      // On PostgreSQL both instances compete for the same jobs. On SQLite (the single-process
      // embedded mode) two instances in one test process take turns: a transaction one holds
      // across awaits would otherwise stall the other's synchronous busy wait, and the event loop.
      const ran =
        dialect === 'postgres'
          ? await Promise.all([a.deps.jobs.runDue(at), b.deps.jobs.runDue(at)])
          : [await a.deps.jobs.runDue(at), await b.deps.jobs.runDue(at)];
      if (ran[0] + ran[1] === 0) return;
    }
  }

  async function delivered(orderNo: string) {
    const messages = await a.deps.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('body', 'like', `%${orderNo}%`)
      .execute();
    return {
      messages: messages.length,
      mails: smtp.mails.filter((m) => m.to.includes(email) && m.text.includes(orderNo)).length,
      telegram: bot.sent.filter((x) => x.chatId === '7007' && x.text.includes(orderNo)).length,
      robot: robots.posts.filter((p) => p.text.includes(orderNo)).length,
    };
  }

  it.each(['before-dispatch', 'mid-delivery'] as const)('killed %s: once per channel', async (stage) => {
    const { orderNo } = notifyAndDie(stage);
    await deliverOnBoth();
    if (stage === 'mid-delivery') {
      // The message was committed by the dead process; its deliveries wait for the lease to run out.
      expect(await delivered(orderNo)).toEqual({ messages: 1, mails: 0, telegram: 0, robot: 0 });
      await deliverOnBoth(5_000);
    }
    // A send that failed while the machine was loaded (a provider answering late) is retried after its
    // backoff: the promise is once per channel, not within one round.
    await deliverOnBoth(60_000);
    expect(await delivered(orderNo)).toEqual({ messages: 1, mails: 1, telegram: 1, robot: 1 });
    // Handed over again later (replayed jobs, expired leases): nothing goes twice.
    await deliverOnBoth(3_600_000);
    expect(await delivered(orderNo)).toEqual({ messages: 1, mails: 1, telegram: 1, robot: 1 });
    const unread = (await a.post('/inside/message/unread', {}, owner.token)).json.data.unread as number;
    const rows = await a.deps.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('read_at', 'is', null)
      .execute();
    expect(unread).toBe(rows.length);
  });
});
