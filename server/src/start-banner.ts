import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hostname } from 'node:os';
import type { Config } from './core/config.js';
import type { FirstStart } from './first-start.js';

/** Where a production first start leaves the admin password (mode 0600, never in the logs). */
export const ADMIN_PASSWORD_FILE = 'admin-password.txt';

export interface StartFacts {
  base: string;
  adminUrl: string;
  database: string;
  firstStart: FirstStart | null;
  sandbox: boolean;
}

/** Writes the first admin password to `DATA_DIR/admin-password.txt`, readable by the owner only. */
export function writeAdminPasswordFile(dataDir: string, first: FirstStart, adminUrl: string): string {
  const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
  const text = [
    '卡铺 Kapu 首次启动创建的超级管理员 (first super admin)',
    `后台地址 Admin: ${adminUrl}`,
    `用户名 username: ${first.username}`,
    `密码 password: ${first.password}`,
    '请登录后台修改密码，然后删除本文件。(Log in, change the password, then delete this file.)',
    '',
  ].join('\n');
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

/**
 * One line shaped like pino's (level, time, pid, hostname, msg), written whatever LOG_LEVEL says:
 * an operator needs the admin URL even when the logs are turned down to warnings.
 */
function jsonLine(level: 30 | 40, fields: Record<string, unknown>, msg: string): string {
  return `${JSON.stringify({ level, time: Date.now(), pid: process.pid, hostname: hostname(), ...fields, msg })}\n`;
}

/**
 * Announces a started server. Production logs are JSON (pino), so there the banner is one JSON
 * line and the first password goes to a 0600 file (only its path is logged); while developing,
 * a readable banner on stdout. A password from KAPU_ADMIN_PASSWORD is never echoed.
 */
export function announceStart(
  config: Config,
  facts: StartFacts,
  write: (text: string) => void = (t) => process.stdout.write(t),
): void {
  const first = facts.firstStart;
  const fromEnv =
    first !== null && config.firstAdminPassword !== undefined && first.password === config.firstAdminPassword;
  const sandboxWarning =
    '注意：「模拟支付」已开启，任何人都可以不付款完成订单。正式营业前请在后台「支付配置」中关闭它。';

  if (config.nodeEnv === 'production') {
    const admin: Record<string, unknown> = {};
    let firstText = '';
    if (first) {
      admin.username = first.username;
      if (fromEnv) {
        admin.password = 'KAPU_ADMIN_PASSWORD';
        firstText = `；首次启动已创建超级管理员 ${first.username}，密码为环境变量 KAPU_ADMIN_PASSWORD 的值`;
      } else {
        admin.passwordFile = writeAdminPasswordFile(config.dataDir, first, facts.adminUrl);
        firstText = `；首次启动已创建超级管理员 ${first.username}，密码已写入 ${String(admin.passwordFile)}（仅本用户可读，登录修改后请删除）`;
      }
    }
    write(
      jsonLine(
        30,
        {
          event: 'started',
          url: facts.base,
          adminUrl: facts.adminUrl,
          database: facts.database,
          ...(first ? { firstStart: admin } : {}),
        },
        `卡铺 Kapu 已启动: ${facts.base}，后台地址: ${facts.adminUrl}${firstText}`,
      ),
    );
    if (facts.sandbox) write(jsonLine(40, { event: 'sandbox_pay_on' }, sandboxWarning));
    return;
  }

  const lines = [
    '',
    `卡铺 Kapu 已启动: ${facts.base}  (数据库: ${facts.database})`,
    `后台地址 Admin: ${facts.adminUrl}`,
  ];
  if (first) {
    lines.push(
      `首次启动，已创建超级管理员 (first start, super admin created):`,
      `  用户名 username: ${first.username}`,
    );
    if (fromEnv) lines.push('  密码 password:   环境变量 KAPU_ADMIN_PASSWORD 的值 (the value of KAPU_ADMIN_PASSWORD)');
    else {
      lines.push(
        `  密码 password:   ${first.password}`,
        `  此密码只显示这一次，请立即登录后台修改。(Shown only once: log in and change it.)`,
      );
    }
  }
  if (facts.sandbox)
    lines.push(
      sandboxWarning,
      '(Warning: the sandbox gateway is on; turn it off in the admin before taking real orders.)',
    );
  write(`${lines.join('\n')}\n\n`);
}
