// The server's Fastify augmentations, for the type graph the release function pulls in.
import type {} from '@fastify/rate-limit';
import type {} from '../../server/src/core/route-table.js';
import { OrderHolds } from '../../server/src/core/holds.js';
import { connectDatabase, type Db } from '../../server/src/core/db/connect.js';
import { releaseAllDue } from '../../server/src/modules/supply/index.js';
import { startServer } from '../../e2e/support/server.js';
import { withFreshPostgres } from '../support.js';

const ENTRIES = 100_000;
const SUPPLIERS = 100;
const CHUNK = 1_000;

/**
 * The settlement release job on a real, migrated and seeded database (the server started once and
 * stopped, so nothing else writes): 100 suppliers, 100,000 frozen entries already due, then one
 * `releaseAllDue` as the durable job runs it — batches of 2,000, each one conditional update (holds
 * composed) and one balance update per supplier with multi-row ledger inserts.
 */
async function releaseBench(db: Db, label: string): Promise<string> {
  const now = Date.now();
  const level = await db
    .selectFrom('member_levels')
    .select('id')
    .where('site_id', '=', 1)
    .orderBy('is_default', 'desc')
    .executeTakeFirstOrThrow();
  const userIds: number[] = [];
  for (let i = 0; i < SUPPLIERS; i++) {
    const u = await db
      .insertInto('users')
      .values({
        user_no: `B${String(i).padStart(8, '0')}`,
        site_id: 1,
        login_name: `bench_supplier_${i}`,
        password_hash: 'x',
        level_id: level.id,
        status: 'active',
        created_at: now,
        updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(Number(u.id));
  }
  let expected = 0;
  for (let start = 0; start < ENTRIES; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, ENTRIES - start) }, (_, j) => {
      const n = start + j;
      const cost = 1000 + (n % 997);
      const commission = Math.floor((cost * 500 + 5000) / 10000);
      const reversed = n % 10 === 0 ? 37 : 0;
      expected += cost - commission - reversed;
      return {
        order_id: 10_000_000 + n,
        order_no: `BENCH${String(n).padStart(10, '0')}`,
        user_id: userIds[n % SUPPLIERS]!,
        goods_name: '压测点卡',
        quantity: 1,
        cost,
        commission_bp: 500,
        commission,
        amount: cost - commission,
        reversed_amount: reversed,
        status: 'frozen' as const,
        due_at: now - 1000 - n,
        released_at: null,
        created_at: now - 3 * 86_400_000,
        updated_at: now,
      };
    });
    await db.insertInto('supply_settlements').values(rows).execute();
  }
  const started = performance.now();
  const released = await releaseAllDue(db, new OrderHolds(), now);
  const seconds = (performance.now() - started) / 1000;
  const again = await releaseAllDue(db, new OrderHolds(), now);
  const money = await db
    .selectFrom('users')
    .select((eb) => eb.fn.sum<number>('balance').as('s'))
    .where('id', 'in', userIds)
    .executeTakeFirstOrThrow();
  const ledger = await db
    .selectFrom('ledger_entries')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('amount').as('s')])
    .where('type', '=', 'supply_settle')
    .executeTakeFirstOrThrow();
  const right = Number(money.s) === expected && Number(ledger.s) === expected && Number(ledger.n) === ENTRIES;
  return `| ${label} | ${released.toLocaleString('en')} | ${seconds.toFixed(2)} s | ${Math.round(released / seconds).toLocaleString('en')} | ${again} | ${right ? `yes (${(expected / 100).toLocaleString('en')} 元)` : `NO: balances ${money.s}, ledger ${ledger.s} × ${ledger.n}, expected ${expected}`} |`;
}

async function onSeededDatabase(
  env: Record<string, string>,
  open: (dataDir: string) => ReturnType<typeof connectDatabase>,
) {
  const server = await startServer(env);
  await server.stop({ keepData: true });
  const handle = open(server.dataDir);
  try {
    return await releaseBench(handle.db, env.DATABASE_URL ? 'PostgreSQL' : 'SQLite');
  } finally {
    await handle.close();
  }
}

export async function runSupply(): Promise<string> {
  const rows = [
    await onSeededDatabase({}, (dataDir) => connectDatabase({ sqliteFile: `${dataDir}/kapu.sqlite` })),
    await withFreshPostgres((url) =>
      onSeededDatabase({ DATABASE_URL: url }, () => connectDatabase({ databaseUrl: url, sqliteFile: '' })),
    ),
  ];
  return [
    '### Supplier settlement release (`npm run bench -- supply`)',
    '',
    `${ENTRIES.toLocaleString('en')} frozen entries already due, ${SUPPLIERS} suppliers (every tenth entry partly reversed); one run of the release job (\`releaseAllDue\`, batches of 2,000), then a second run that must find nothing.`,
    '',
    '| database | released | time | entries/s | second run | balances = ledger = entries |',
    '|---|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}
