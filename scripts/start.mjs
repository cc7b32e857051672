// npm start: build what is stale, then run the server in this same process (one Node process
// serves everything; Ctrl+C or SIGTERM shuts it down gracefully).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIfStale } from './build-if-stale.mjs';

buildIfStale();
await import(pathToFileURL(path.join(ROOT, 'server/dist/main.js')).href);
