import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/core/config.js';
import { MAIL_SETTING, secretBoxFor } from '../../src/modules/verification/index.js';
import { startSmtpServer } from '../fakes/smtp.js';
import { shop } from '../commerce/commerce-helper.js';
import { buildSecondInstance, buildTestApp, dialects, registerMember, type TestApp } from '../helper.js';

/**
 * The outbox (core/events.ts): an event committed by a process that is then killed is still
 * delivered, exactly once to each consumer, by two other instances racing for it.
 */
describe.each(dialects())('domain events survive a killed instance, on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    a = await buildTestApp(dialect);
    smtp = await startSmtpServer();
    // Mail is set up before the second instance starts, so both read it (the delivery mail needs it).
    await a.deps.settings.set(
      MAIL_SETTING,
      JSON.stringify({
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: 'mailer',
        passEnc: secretBoxFor(a.config.dataDir).seal('mail-pass-1'),
        from: '卡铺 <noreply@kapu.test>',
      }),
    );
    b = await buildSecondInstance(a);
    await registerMember(a);
  });
  afterAll(async () => {
    await b.dispose();
    await a.dispose();
    await smtp.close();
  });

  function publishAndDie(
    stage: 'before-dispatch' | 'mid-delivery',
    kind: 'salePasswordLocked' | 'newPlaceLogin' | 'orderCheckout' = 'salePasswordLocked',
    args: string[] = [],
  ): number {
    const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
    const res = spawnSync(
      tsx,
      [
        path.join(REPO_ROOT, 'server/test/ops/fixtures/publish-and-die.ts'),
        a.config.dataDir,
        a.config.databaseUrl ?? '-',
        stage,
        kind,
        ...args,
      ],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    // Killed with SIGKILL (tsx's wrapper reports it as exit status 128 + 9).
    expect(res.signal === 'SIGKILL' || res.status === 137, res.stderr).toBe(true);
    return (JSON.parse(res.stdout.trim()) as { eventId: number }).eventId;
  }

  /** Both instances run their job runners at once until nothing is due (lease expiries included). */
  async function deliverOnBoth(aheadMs = 0) {
    for (let round = 0; round < 10; round++) {
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

  async function effects(eventId: number) {
    const consumed = await a.deps.db
      .selectFrom('event_consumptions')
      .select('consumer')
      .where('event_id', '=', eventId)
      .orderBy('consumer')
      .execute();
    const audit = await a.deps.db
      .selectFrom('audit_logs')
      .select('id')
      .where('action', '=', 'accounts.salePwdLocked')
      .where('ip', '=', '10.9.8.7')
      .execute();
    return { consumers: consumed.map((c) => c.consumer), audit: audit.length };
  }

  it('killed after the commit, before anything was handed over', async () => {
    const before = (await effects(0)).audit;
    const eventId = publishAndDie('before-dispatch');
    expect(
      await a.deps.db.selectFrom('domain_events').select('id').where('id', '=', eventId).executeTakeFirst(),
    ).toBeTruthy();
    await deliverOnBoth();
    expect(await effects(eventId)).toEqual({
      consumers: ['accounts.securityMail', 'audit', 'messages.inbox'],
      audit: before + 1,
    });
    // Handed over again (a replayed job): nothing happens twice.
    await deliverOnBoth(60_000);
    expect((await effects(eventId)).audit).toBe(before + 1);
  });

  it('killed while holding the deliveries: they are taken again when the lease runs out, once', async () => {
    const before = (await effects(0)).audit;
    const eventId = publishAndDie('mid-delivery');
    // While the dead worker's lease holds, nobody takes them.
    await deliverOnBoth();
    expect((await effects(eventId)).consumers).toEqual([]);
    await deliverOnBoth(5_000);
    expect(await effects(eventId)).toEqual({
      consumers: ['accounts.securityMail', 'audit', 'messages.inbox'],
      audit: before + 1,
    });
  });

  it('a sign-in from a new place, killed holding its delivery: its one consumer takes it once, later', async () => {
    const eventId = publishAndDie('mid-delivery', 'newPlaceLogin');
    await deliverOnBoth();
    expect((await effects(eventId)).consumers).toEqual([]);
    await deliverOnBoth(5_000);
    expect((await effects(eventId)).consumers).toEqual(['accounts.securityMail', 'messages.inbox']);
    await deliverOnBoth(60_000);
    expect((await effects(eventId)).consumers).toEqual(['accounts.securityMail', 'messages.inbox']);
  });

  it.each(['before-dispatch', 'mid-delivery'] as const)(
    'an order paid and delivered in one request, killed %s: its delivery mail goes once',
    async (stage) => {
      const s = await shop(a);
      const goodsId = await s.goods({ price: '1' });
      await s.cards(goodsId, 2);
      const m = await s.member('10');
      const contact = `kill-${stage}-${Date.now()}@example.com`;
      const eventId = publishAndDie(stage, 'orderCheckout', [m.token, String(goodsId), contact]);
      const order = await a.deps.db.selectFrom('orders').select('status').where('contact', '=', contact).execute();
      expect(order).toEqual([{ status: 'delivered' }]);
      await deliverOnBoth();
      if (stage === 'mid-delivery') {
        expect((await effects(eventId)).consumers).toEqual([]);
        await deliverOnBoth(5_000);
      }
      // Messages, the delivery mail, and promotion (its commissions; none here, the buyer was invited by nobody).
      // PostgreSQL's one-statement checkout read that with the debit, so promotion was not even handed the event.
      expect((await effects(eventId)).consumers).toEqual([
        'messages.inbox',
        'orders.deliveryMail',
        ...(dialect === 'postgres' ? [] : ['promotion.commissions']),
      ]);
      await deliverOnBoth(60_000);
      expect(smtp.mails.filter((mail) => mail.to.includes(contact))).toHaveLength(1);
    },
  );
});
