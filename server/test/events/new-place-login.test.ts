import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNewPlace } from '../../src/modules/accounts/accounts.service.js';
import { MAIL_SETTING, secretBoxFor } from '../../src/modules/verification/index.js';
import { decodeBody, startSmtpServer } from '../fakes/smtp.js';
import { buildTestApp, dialects, drainJobs, registerMember, type TestApp } from '../helper.js';

describe('a new place', () => {
  it('is another known place than the previous sign-in; the ISP and unplaced addresses do not count', () => {
    expect(isNewPlace('江苏省南京市 电信', '广东省深圳市 电信')).toBe(true);
    expect(isNewPlace('江苏省南京市 电信', '江苏省南京市 联通')).toBe(false);
    expect(isNewPlace('局域网', '广东省深圳市 电信')).toBe(false);
    expect(isNewPlace('江苏省南京市 电信', '未知地区')).toBe(false);
  });
});

/** Sign-in from a new place: an event in the sign-in's transaction, one security mail from its consumer. */
describe.each(dialects())('event account.newPlaceLogin on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    smtp = await startSmtpServer();
    await t.deps.settings.set(
      MAIL_SETTING,
      JSON.stringify({
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: 'mailer',
        passEnc: secretBoxFor(t.config.dataDir).seal('mail-pass-1'),
        from: '卡铺 <noreply@kapu.test>',
      }),
    );
  });
  afterAll(async () => {
    await t.dispose();
    await smtp.close();
  });

  const eventsOf = async (userId: number) =>
    (
      await t.deps.db
        .selectFrom('domain_events')
        .select(['id', 'payload'])
        .where('type', '=', 'account.newPlaceLogin')
        .execute()
    )
      .map((e) => ({ id: Number(e.id), payload: JSON.parse(e.payload) as { userId: number; address: string } }))
      .filter((e) => e.payload.userId === userId);

  it('publishes once per change of place and mails the member once, however often the event is handed over', async () => {
    const email = `np${randomBytes(3).toString('hex')}@kapu.test`;
    const m = await registerMember(t, undefined, undefined, { email });
    const userId = (
      await t.deps.db.selectFrom('users').select('id').where('login_name', '=', m.loginName).executeTakeFirstOrThrow()
    ).id;
    const login = (ip: string) => t.post('/user/login', { account: m.loginName, password: m.password }, undefined, ip);
    expect((await login('114.114.114.114')).json.code).toBe(1000); // after a LAN sign-up: no place to compare
    expect((await login('114.114.114.114')).json.code).toBe(1000); // same place
    expect(await eventsOf(userId)).toEqual([]);
    expect((await login('8.8.8.8')).json.code).toBe(1000); // another place
    const [event, ...more] = await eventsOf(userId);
    expect(more).toEqual([]);
    expect(event.payload.address).not.toBe('');

    await drainJobs(t);
    await drainJobs(t);
    const mails = smtp.mails.filter((x) => x.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(decodeBody(mails[0].raw)).toContain('8.8.8.8');
    const consumed = await t.deps.db
      .selectFrom('event_consumptions')
      .select('consumer')
      .where('event_id', '=', event.id)
      .orderBy('consumer')
      .execute();
    // The mail, and the member's in-app message (modules/messages).
    expect(consumed.map((c) => c.consumer)).toEqual(['accounts.securityMail', 'messages.inbox']);
  });
});
