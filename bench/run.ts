// npm run bench [-- suite…]: runs the benchmarks against a real server started from the build
// (run `npm run build` or `npm start` once first) and prints Markdown for docs/benchmarks.md.
import { cpus, totalmem } from 'node:os';
import { runCommercePostgres, runCommerceSqlite } from './suites/commerce.js';
import { runFoundation } from './suites/foundation.js';
import { runMessages } from './suites/messages.js';
import { runPaymentsPostgres, runPaymentsSqlite } from './suites/payments.js';
import { runSites } from './suites/sites.js';
import { runSupply } from './suites/supply.js';
import { runCdk, runCdkPostgres } from './suites/cdk.js';
import { runOpenApi } from './suites/openapi.js';
import { runDocking } from './suites/docking.js';

const SUITES: Record<string, () => Promise<string>> = {
  foundation: runFoundation,
  commerce: runCommerceSqlite,
  'commerce-pg': runCommercePostgres,
  payments: runPaymentsSqlite,
  'payments-pg': runPaymentsPostgres,
  sites: runSites,
  supply: runSupply,
  cdk: runCdk,
  'cdk-pg': runCdkPostgres,
  messages: runMessages,
  openapi: runOpenApi,
  docking: runDocking,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length ? wanted : Object.keys(SUITES);
const header = `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load generator (autocannon, 50 connections, 10 s) on the same machine.`;
process.stdout.write(`${header}\n\n`);
for (const name of names) {
  const suite = SUITES[name];
  if (!suite) throw new Error(`unknown suite ${name}; known: ${Object.keys(SUITES).join(', ')}`);
  process.stdout.write(`${await suite()}\n\n`);
}
