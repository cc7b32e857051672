import { buildApp } from './app.js';
import { loadConfig } from './core/config.js';
import { tuneHeap } from './core/heap-tuning.js';
import { isSandboxEnabled } from './modules/payments/index.js';
import { writeRunFile } from './ops/run-files.js';
import { announceStart } from './start-banner.js';

/** Starts Kapu: one process serving the API and the web app (more processes share PostgreSQL and Redis). */
async function main(): Promise<void> {
  const config = loadConfig();
  tuneHeap(config.memoryTargetMb);
  const built = await buildApp(config);
  const { app, firstStart, deps } = built;
  if (config.jobs) deps.jobs.start();

  await app.listen({ port: config.port, host: config.host });
  // Restore refuses to run while this file names a live process (docs/operations.md).
  const removeRunFile = writeRunFile(config.dataDir, config.port);
  process.on('exit', removeRunFile);

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const base = `http://${shown}:${config.port}`;
  announceStart(config, {
    base,
    adminUrl: `${base}/${deps.settings.adminPath}/index`,
    database: deps.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL',
    firstStart,
    sandbox: await isSandboxEnabled(deps),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    // Past the grace (SHUTDOWN_GRACE_MS) the process leaves anyway: Docker and systemd follow
    // their own timeout with SIGKILL, which would skip closing the database.
    const timer = setTimeout(() => {
      app.log.warn({ graceMs: config.shutdownGraceMs }, 'shutdown grace exceeded, exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    await built.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGHUP', () => void stop('SIGHUP'));
  // Started by scripts/start.mjs with an IPC channel: if that parent dies (even by SIGKILL),
  // the channel closes and this server stops instead of living on as an orphan.
  if (process.send) {
    process.on('disconnect', () => void stop('parent exited'));
    process.channel?.unref();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`卡铺启动失败 (start failed): ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
