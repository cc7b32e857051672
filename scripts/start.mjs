// npm start: build what is stale, then run the server in this terminal (Ctrl+C stops it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, buildIfStale } from './build-if-stale.mjs';

buildIfStale();
const child = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
