import { buildApp } from './app.js';
import { loadConfig } from './core/config.js';
import { isSandboxEnabled } from './modules/payments/index.js';

/** Starts Kapu: one process serving the API and the web app (ARCHITECTURE §2). */
async function main(): Promise<void> {
  const config = loadConfig();
  const built = await buildApp(config);
  const { app, firstStart, deps } = built;
  if (config.jobs) deps.jobs.start();

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const base = `http://${shown}:${config.port}`;
  const adminUrl = `${base}/${deps.settings.adminPath}/index`;
  const lines = [
    '',
    `卡铺 Kapu 已启动: ${base}  (数据库: ${deps.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL'})`,
    `后台地址 Admin: ${adminUrl}`,
  ];
  if (firstStart) {
    lines.push(
      `首次启动，已创建超级管理员 (first start, super admin created):`,
      `  用户名 username: ${firstStart.username}`,
      `  密码 password:   ${firstStart.password}`,
      `  此密码只显示这一次，请立即登录后台修改。(Shown only once: log in and change it.)`,
    );
  }
  if (await isSandboxEnabled(deps)) {
    lines.push(
      '注意：「模拟支付」已开启，任何人都可以不付款完成订单。正式营业前请在后台「支付配置」中关闭它。',
      '(Warning: the sandbox gateway is on; turn it off in the admin before taking real orders.)',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await built.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`卡铺启动失败 (start failed): ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
