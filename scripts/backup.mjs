// npm run backup [-- --out <file.tar.gz | folder>]: one archive with the database (SQLite copied
// online; PostgreSQL through pg_dump when it is installed), keys/, uploads/ and manifest.json.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIfStale } from './build-if-stale.mjs';

buildIfStale({ only: 'contract + server' });
const { backupCommand } = await import(pathToFileURL(path.join(ROOT, 'server/dist/ops/cli.js')).href);
process.exit(await backupCommand(process.argv.slice(2)));
