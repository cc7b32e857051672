import { loadConfig } from '../core/config.js';
import { RestoreRefused, createBackup, restoreBackup } from './backup.js';

/** Command lines behind `npm run backup` and `npm run restore` (scripts/*.mjs); they return the exit code. */
const say = (line: string) => process.stdout.write(`${line}\n`);

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
}

export async function backupCommand(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    say('用法 usage: npm run backup [-- --out <文件.tar.gz 或目录>]   （DATA_DIR、DATABASE_URL 取自环境变量）');
    return 0;
  }
  try {
    const config = loadConfig();
    const { warnings } = await createBackup({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      out: option(argv, '--out'),
      say,
    });
    // A PostgreSQL backup without the database is still useful (keys, uploads) but not complete.
    return warnings.some((w) => w.startsWith('pg_dump 失败')) ? 2 : 0;
  } catch (err) {
    process.stderr.write(`备份失败 (backup failed): ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

export async function restoreCommand(argv: string[]): Promise<number> {
  const archive = argv.find((a) => !a.startsWith('-'));
  if (!archive || argv.includes('--help') || argv.includes('-h')) {
    say('用法 usage: npm run restore -- <备份文件.tar.gz>   （先停止服务；DATA_DIR、DATABASE_URL 取自环境变量）');
    return archive ? 0 : 1;
  }
  try {
    const config = loadConfig();
    await restoreBackup({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      archive,
      cardKey: process.env.CARD_KEY?.trim() || undefined,
      say,
    });
    return 0;
  } catch (err) {
    const label = err instanceof RestoreRefused ? '未恢复 (restore refused)' : '恢复失败 (restore failed)';
    process.stderr.write(`${label}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
