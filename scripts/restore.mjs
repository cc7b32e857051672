// npm run restore -- <backup.tar.gz>: puts a backup back into DATA_DIR of a stopped instance
// (refuses while one runs), after checking the database's integrity and that the keys match.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIfStale } from './build-if-stale.mjs';

buildIfStale({ only: 'contract + server' });
const { restoreCommand } = await import(pathToFileURL(path.join(ROOT, 'server/dist/ops/cli.js')).href);
process.exit(await restoreCommand(process.argv.slice(2)));
