import path from 'node:path';
import Database from 'better-sqlite3';
import { startServer } from '../../e2e/support/server.js';
import { load, table } from '../support.js';
import { ShopSetup } from './commerce-setup.js';

/** Messages a heavy member holds: the bell must answer as fast for them as for a member with ten. */
const HEAVY = 200_000;

/**
 * The bell's unread count is a counter kept with the writes (messages module), one primary-key
 * read per poll: the same cost for a member with 10 messages and one with 200,000. Measured on
 * SQLite, one process; the messages are written straight into the database (a broadcast would
 * take as long to write as it proves nothing about the read), with their counters.
 */
export async function runMessages(): Promise<string> {
  const server = await startServer();
  try {
    const setup = new ShopSetup(server);
    await setup.openRegistration();
    const light = await setup.member('benchmsglight', '0');
    const heavy = await setup.member('benchmsgheavy', '0');
    const db = new Database(path.join(server.dataDir, 'kapu.sqlite'));
    const idOf = (name: string) =>
      Number((db.prepare('select id from users where login_name = ?').get(name) as { id: number }).id);
    const now = Date.now();
    const insert = db.prepare(
      `insert into messages (user_id, topic, category, title, body, link, read_at, broadcast_id, created_at)
       values (?, 'order.paid', 'order', '订单支付成功', ?, '', null, null, ?)`,
    );
    const seed = db.transaction((userId: number, n: number) => {
      for (let i = 0; i < n; i++) insert.run(userId, `您的订单 BENCH${i} 已支付 1.00 元。`, now - i);
      db.prepare(
        `insert into message_counters (user_id, unread, total, updated_at) values (?, ?, ?, ?)
         on conflict (user_id) do update set unread = message_counters.unread + excluded.unread,
           total = message_counters.total + excluded.total`,
      ).run(userId, n, n, now);
    });
    seed(idOf('benchmsglight'), 10);
    const seedStart = performance.now();
    seed(idOf('benchmsgheavy'), HEAVY);
    const seedMs = Math.round(performance.now() - seedStart);
    // What a COUNT of the heavy member's unread messages would cost on every poll, for comparison.
    const countStart = performance.now();
    const counted = (
      db
        .prepare('select count(*) as n from messages where user_id = ? and read_at is null')
        .get(idOf('benchmsgheavy')) as { n: number }
    ).n;
    const countMs = Math.round((performance.now() - countStart) * 10) / 10;
    db.close();

    const post = (url: string, token: string, body = '') => ({
      url: `${server.baseUrl}${url}`,
      method: 'POST' as const,
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const rows = [
      await load('POST /inside/message/unread, member with 10 messages', post('/inside/message/unread', light)),
      await load(
        `POST /inside/message/unread, member with ${HEAVY.toLocaleString('en')} messages`,
        post('/inside/message/unread', heavy),
      ),
      await load(
        `POST /inside/message/list page 1, member with ${HEAVY.toLocaleString('en')} messages`,
        post('/inside/message/list', heavy, 'page=1&pageSize=20'),
      ),
    ];
    return [
      '### Messages (`npm run bench -- messages`, SQLite, one process)',
      table(rows),
      '',
      `Seeded ${HEAVY.toLocaleString('en')} unread messages for one member in ${seedMs} ms; a \`COUNT(*)\` of them takes ${countMs} ms (${counted} rows) — the bell never runs it: it reads the member's counter row.`,
    ].join('\n');
  } finally {
    await server.stop();
  }
}
