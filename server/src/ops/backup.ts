import SQLite from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  chmodSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip, createGzip } from 'node:zlib';
import { REPO_ROOT } from '../core/config.js';
import { postgresDriver } from '../core/db/connect.js';
import { MIGRATION_NAMES } from '../core/db/migrate.js';
import { keysFromEnvironment, resolveKey, SecretBox } from '../core/secret-box.js';
import { runningInstances } from './run-files.js';
import { TarWriter, extractTar } from './tar.js';

/**
 * `npm run backup` / `npm run restore` (docs/operations.md). One .tar.gz holds manifest.json,
 * the SQLite database copied online (or a pg_dump of PostgreSQL when pg_dump is on the PATH),
 * keys/ and uploads/. Restore puts them back into a stopped instance's DATA_DIR after checking
 * the database's integrity and that the keys open what the database holds.
 */

export const SQLITE_FILE = 'kapu.sqlite';
export const PG_DUMP_FILE = 'database.dump';
const MANIFEST = 'manifest.json';

/** Rows counted in the manifest and in restore's summary, with their Chinese names. */
const COUNTED: Record<string, string> = {
  users: '会员',
  staff: '管理员',
  goods: '商品',
  cards: '卡密',
  orders: '订单',
  payments: '支付记录',
  ledger_entries: '资金流水',
};

export interface Manifest {
  format: 'kapu-backup';
  formatVersion: 1;
  appVersion: string;
  createdAt: string;
  database: { kind: 'sqlite' | 'postgres'; file: string | null };
  /** The last migration applied to the saved database, and how many were. */
  migration: { last: string | null; count: number };
  counts: Record<string, number>;
  keys: string[];
  uploads: number;
}

export interface BackupOptions {
  dataDir: string;
  databaseUrl?: string;
  /** A .tar.gz path, or a folder for a dated name; default `./backups/`. */
  out?: string;
  say?: (line: string) => void;
}

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function stamp(date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}-${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
}

function listFiles(root: string, base = root): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base));
    else if (entry.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

function sqliteFacts(file: string): {
  migration: Manifest['migration'];
  counts: Record<string, number>;
  integrity: string;
} {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>)
      .map((r) => r.integrity_check)
      .join('; ');
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map(
        (r) => r.name,
      ),
    );
    const applied = tables.has('kysely_migration')
      ? (db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as Array<{ name: string }>).map(
          (r) => r.name,
        )
      : [];
    const counts: Record<string, number> = {};
    for (const table of Object.keys(COUNTED)) {
      if (tables.has(table))
        counts[table] = (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    }
    return { migration: { last: applied.at(-1) ?? null, count: applied.length }, counts, integrity };
  } finally {
    db.close();
  }
}

async function postgresFacts(
  url: string,
): Promise<{ migration: Manifest['migration']; counts: Record<string, number>; keyChecks: Record<string, string> }> {
  const client = new (postgresDriver().Client)({ connectionString: url });
  await client.connect();
  try {
    const tables = new Set(
      (
        await client.query<{ t: string }>(
          'SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema()',
        )
      ).rows.map((r) => r.t),
    );
    const applied = tables.has('kysely_migration')
      ? (await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')).rows.map(
          (r) => r.name,
        )
      : [];
    const counts: Record<string, number> = {};
    for (const table of Object.keys(COUNTED)) {
      if (tables.has(table))
        counts[table] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    }
    const keyChecks: Record<string, string> = {};
    if (tables.has('settings')) {
      for (const row of (
        await client.query<{ key: string; value: string }>(
          "SELECT key, value FROM settings WHERE key LIKE 'core.key_check.%'",
        )
      ).rows) {
        keyChecks[row.key.slice('core.key_check.'.length)] = row.value;
      }
    }
    return { migration: { last: applied.at(-1) ?? null, count: applied.length }, counts, keyChecks };
  } finally {
    await client.end();
  }
}

function pgDumpAvailable(): boolean {
  return spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status === 0;
}

function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([t, n]) => `${COUNTED[t] ?? t} ${n}`)
    .join('，');
}

export async function createBackup(
  opts: BackupOptions,
): Promise<{ file: string; manifest: Manifest; warnings: string[] }> {
  const say = opts.say ?? (() => undefined);
  const dataDir = path.resolve(opts.dataDir);
  const warnings: string[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'kapu-backup-'));
  try {
    let dbFile: string | null = null;
    let facts: { migration: Manifest['migration']; counts: Record<string, number> };
    if (!opts.databaseUrl) {
      const source = path.join(dataDir, SQLITE_FILE);
      if (!existsSync(source)) throw new Error(`找不到数据库文件 ${source}（DATA_DIR 是否正确？）`);
      dbFile = path.join(work, SQLITE_FILE);
      // Online copy through SQLite's backup API: consistent while the shop keeps writing.
      const live = new SQLite(source, { fileMustExist: true });
      try {
        live.pragma('busy_timeout = 5000');
        await live.backup(dbFile);
      } finally {
        live.close();
      }
      // One self-contained file in the archive (no -wal beside it).
      const copy = new SQLite(dbFile);
      copy.pragma('journal_mode = DELETE');
      copy.close();
      const f = sqliteFacts(dbFile);
      if (f.integrity !== 'ok') throw new Error(`数据库副本完整性检查失败：${f.integrity}`);
      facts = f;
    } else {
      const pg = await postgresFacts(opts.databaseUrl);
      facts = pg;
      if (pgDumpAvailable()) {
        const dump = path.join(work, PG_DUMP_FILE);
        const res = spawnSync('pg_dump', ['-Fc', '--no-owner', '--no-acl', '-f', dump, opts.databaseUrl], {
          encoding: 'utf8',
        });
        if (res.status === 0) dbFile = dump;
        else
          warnings.push(
            `pg_dump 失败（${(res.stderr || '').trim() || `退出码 ${res.status}`}）：数据库未包含在备份中，请手动执行 pg_dump -Fc "$DATABASE_URL" > kapu.dump`,
          );
      } else {
        warnings.push(
          '本机没有 pg_dump：备份只包含 keys/、uploads/ 和清单，数据库请另行备份：pg_dump -Fc "$DATABASE_URL" > kapu.dump',
        );
      }
    }

    const keys = listFiles(path.join(dataDir, 'keys'));
    const uploads = listFiles(path.join(dataDir, 'uploads'));
    if (keys.length === 0 && !keysFromEnvironment())
      warnings.push(`${path.join(dataDir, 'keys')} 中没有密钥文件：没有密钥，已加密的卡密无法恢复。`);
    const manifest: Manifest = {
      format: 'kapu-backup',
      formatVersion: 1,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      database: { kind: opts.databaseUrl ? 'postgres' : 'sqlite', file: dbFile ? path.basename(dbFile) : null },
      migration: facts.migration,
      counts: facts.counts,
      keys,
      uploads: uploads.length,
    };

    let target = path.resolve(opts.out ?? 'backups');
    if (!target.endsWith('.tar.gz') && !target.endsWith('.tgz'))
      target = path.join(target, `kapu-backup-${stamp()}.tar.gz`);
    mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    // The archive holds the keys: owner-only, like keys/ itself.
    const file = createWriteStream(partial, { mode: 0o600 });
    const gzip = createGzip();
    gzip.pipe(file);
    const tar = new TarWriter(gzip);
    await tar.addFile(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)), 0o600);
    if (dbFile) await tar.addPath(path.basename(dbFile), dbFile, 0o600);
    await tar.addDir('keys', 0o700);
    for (const k of keys) await tar.addFile(`keys/${k}`, readFileSync(path.join(dataDir, 'keys', k)), 0o600);
    await tar.addDir('uploads');
    for (const u of uploads) {
      const full = path.join(dataDir, 'uploads', u);
      await tar.addFile(`uploads/${u}`, readFileSync(full), 0o644, statSync(full).mtimeMs);
    }
    await tar.finish();
    await new Promise<void>((resolve, reject) => {
      if (file.closed) resolve();
      else file.once('close', resolve).once('error', reject);
    });
    chmodSync(partial, 0o600);
    renameSync(partial, target);

    say(`备份完成 (backup written): ${target}`);
    say(
      `  版本 version ${manifest.appVersion}，迁移 migration ${manifest.migration.last ?? '无'}（共 ${manifest.migration.count} 个）`,
    );
    say(
      `  数据库 database: ${manifest.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}${dbFile ? `（${path.basename(dbFile)}）` : '（未包含）'}；${describeCounts(manifest.counts)}`,
    );
    say(`  密钥 keys ${keys.length} 个，上传文件 uploads ${uploads.length} 个`);
    for (const w of warnings) say(`警告 (warning): ${w}`);
    return { file: target, manifest, warnings };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface RestoreOptions {
  dataDir: string;
  archive: string;
  databaseUrl?: string;
  /** CARD_KEY from the environment, when the card key is not in keys/. */
  cardKey?: string;
  say?: (line: string) => void;
}

/** A restore that must not go ahead; the message is for the operator (Chinese). */
export class RestoreRefused extends Error {}

function fingerprints(keysDir: string, cardKey: string | undefined): Record<string, string | null> {
  // The keys the restored instance will use: the environment's (see resolveKey), else the backup's files.
  const env = { ...process.env, ...(cardKey ? { CARD_KEY: cardKey } : {}) };
  const card = resolveKey(keysDir, 'card.key', env, false);
  const secrets = resolveKey(keysDir, 'secret-box.key', env, false);
  const print = (key: Buffer | null, label: string) =>
    key && key.length === 32 ? new SecretBox(key, label).fingerprint('kapu key check') : null;
  return { card: print(card, 'card'), secrets: print(secrets, 'secrets') };
}

/** Throws RestoreRefused unless every key the database was sealed with is present and the same. */
function checkKeysMatch(stored: Record<string, string>, keysDir: string, cardKey: string | undefined): void {
  const have = fingerprints(keysDir, cardKey);
  for (const [name, fingerprint] of Object.entries(stored)) {
    if (!(name in have)) continue;
    if (have[name] === null)
      throw new RestoreRefused(`备份中缺少 ${name} 密钥，数据库中的加密数据将无法解密，已停止恢复。`);
    if (have[name] !== fingerprint)
      throw new RestoreRefused(`备份中的 ${name} 密钥与数据库不匹配（不是同一份备份？），已停止恢复。`);
  }
}

function sqliteKeyChecks(file: string): Record<string, string> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT key, value FROM settings WHERE key LIKE 'core.key_check.%'").all() as Array<{
      key: string;
      value: string;
    }>;
    return Object.fromEntries(rows.map((r) => [r.key.slice('core.key_check.'.length), r.value]));
  } finally {
    db.close();
  }
}

/** Moves what is there now to `aside` (kept, not deleted) and the restored copy into place. */
function swapIn(dataDir: string, staging: string, aside: string, names: string[]): void {
  mkdirSync(aside, { recursive: true });
  for (const name of names) {
    const current = path.join(dataDir, name);
    if (existsSync(current)) renameSync(current, path.join(aside, name));
    const restored = path.join(staging, name);
    if (existsSync(restored)) renameSync(restored, current);
  }
}

export async function restoreBackup(opts: RestoreOptions): Promise<Manifest> {
  const say = opts.say ?? (() => undefined);
  const dataDir = path.resolve(opts.dataDir);
  const archive = path.resolve(opts.archive);
  if (!existsSync(archive)) throw new RestoreRefused(`找不到备份文件 ${archive}`);

  const running = runningInstances(dataDir);
  if (running.length) {
    const list = running.map((r) => `pid ${r.pid}@${r.host}，端口 ${r.port}`).join('；');
    throw new RestoreRefused(
      `数据目录 ${dataDir} 上有正在运行的卡铺实例（${list}）：请先停止它再恢复。` +
        `（若确定已停止，删除 ${path.join(dataDir, 'run')} 下对应的文件后重试。）`,
    );
  }

  mkdirSync(dataDir, { recursive: true });
  const staging = mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    await extractTar(createReadStream(archive).pipe(createGunzip()), staging);
    const manifestFile = path.join(staging, MANIFEST);
    if (!existsSync(manifestFile)) throw new RestoreRefused('这不是卡铺备份文件（缺少 manifest.json）。');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    if (manifest.format !== 'kapu-backup') throw new RestoreRefused('这不是卡铺备份文件（manifest.json 格式不对）。');
    if (manifest.migration.last && !MIGRATION_NAMES.includes(manifest.migration.last)) {
      throw new RestoreRefused(
        `备份来自更新的版本（迁移 ${manifest.migration.last}，本程序只认识到 ${MIGRATION_NAMES.at(-1)}）：请先升级程序再恢复。`,
      );
    }
    const keysDir = path.join(staging, 'keys');
    const aside = path.join(dataDir, `before-restore-${stamp()}`);

    if (manifest.database.kind === 'sqlite') {
      if (opts.databaseUrl)
        throw new RestoreRefused('这是 SQLite 备份，但设置了 DATABASE_URL：请取消 DATABASE_URL 后恢复到 SQLite。');
      const staged = path.join(staging, SQLITE_FILE);
      if (!existsSync(staged)) throw new RestoreRefused('备份中没有数据库文件 kapu.sqlite。');
      const before = sqliteFacts(staged);
      if (before.integrity !== 'ok') throw new RestoreRefused(`备份中的数据库完整性检查失败：${before.integrity}`);
      checkKeysMatch(sqliteKeyChecks(staged), keysDir, opts.cardKey);

      // A -wal or -shm left beside the old database belongs to it: replayed onto the restored
      // file it would corrupt it. They go aside with the old database.
      swapIn(dataDir, staging, aside, [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, 'keys', 'uploads']);
      mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
      const after = sqliteFacts(path.join(dataDir, SQLITE_FILE));
      if (after.integrity !== 'ok')
        throw new Error(`恢复后的数据库完整性检查失败：${after.integrity}（原数据在 ${aside}）`);
      secureKeys(path.join(dataDir, 'keys'));
      say(`恢复完成 (restored) ← ${archive}`);
      say(
        `  备份时间 ${manifest.createdAt}，程序版本 ${manifest.appVersion}，数据库迁移 ${after.migration.last ?? '无'}（共 ${after.migration.count} 个）`,
      );
      say(`  数据库 SQLite 完整性检查 integrity_check: ok；${describeCounts(after.counts)}`);
      say(`  密钥 ${manifest.keys.length} 个（与数据库匹配），上传文件 ${manifest.uploads} 个`);
      say(`  原有数据已移到 ${aside}（确认无误后可删除）`);
      return manifest;
    }

    // PostgreSQL: the database itself is restored with pg_restore into a new database.
    if (!opts.databaseUrl)
      throw new RestoreRefused('这是 PostgreSQL 备份：请把 DATABASE_URL 设为要恢复到的（新建的）数据库后再运行。');
    let pg = await postgresFacts(opts.databaseUrl);
    const dumped = manifest.database.file ? path.join(staging, manifest.database.file) : null;
    if (pg.migration.count === 0) {
      if (dumped && spawnSync('pg_restore', ['--version'], { stdio: 'ignore' }).status === 0) {
        say('正在用 pg_restore 导入数据库 (importing the database with pg_restore) …');
        const res = spawnSync(
          'pg_restore',
          ['--no-owner', '--no-acl', '--exit-on-error', '-d', opts.databaseUrl, dumped],
          { encoding: 'utf8' },
        );
        if (res.status !== 0)
          throw new RestoreRefused(`pg_restore 失败：${(res.stderr || '').trim()}（目标数据库必须是新建的空库）`);
        pg = await postgresFacts(opts.databaseUrl);
      } else {
        throw new RestoreRefused(
          dumped
            ? `数据库还是空的，本机没有 pg_restore：请先导入数据库，再运行本命令恢复密钥和上传文件：\n  tar -xzf ${archive} ${manifest.database.file}\n  pg_restore --no-owner --no-acl -d "$DATABASE_URL" ${manifest.database.file}`
            : '数据库还是空的：请先用 pg_restore 导入备份时另行导出的数据库（pg_dump 文件），再运行本命令。',
        );
      }
    } else if (dumped) {
      say(
        `注意：目标数据库已有数据，未导入 ${manifest.database.file}；只恢复密钥和上传文件，并核对密钥与该数据库是否匹配。`,
      );
    }
    if (manifest.migration.last && pg.migration.last !== manifest.migration.last) {
      say(
        `注意：数据库的迁移是 ${pg.migration.last}，备份清单中是 ${manifest.migration.last}（数据库是否来自同一份备份？）`,
      );
    }
    checkKeysMatch(pg.keyChecks, keysDir, opts.cardKey);
    swapIn(dataDir, staging, aside, ['keys', 'uploads']);
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    secureKeys(path.join(dataDir, 'keys'));
    say(`恢复完成 (restored) ← ${archive}`);
    say(
      `  备份时间 ${manifest.createdAt}，程序版本 ${manifest.appVersion}，数据库迁移 ${pg.migration.last ?? '无'}（共 ${pg.migration.count} 个）`,
    );
    say(`  数据库 PostgreSQL：${describeCounts(pg.counts)}`);
    say(`  密钥 ${manifest.keys.length} 个（与数据库匹配），上传文件 ${manifest.uploads} 个`);
    say(`  原有 keys/、uploads/ 已移到 ${aside}（确认无误后可删除）`);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function secureKeys(dir: string): void {
  if (!existsSync(dir)) return;
  chmodSync(dir, 0o700);
  for (const f of listFiles(dir)) chmodSync(path.join(dir, f), 0o600);
}
