import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, startServer } from '../support/server.js';

// The server as an operator runs it: first start, restart, graceful shutdown.
describe('the server process', () => {
  it('logs the admin URL as JSON and leaves the one-time password in a 0600 file on first start, only the URL later, and stops cleanly on SIGTERM', async () => {
    const first = await startServer();
    try {
      expect(first.output()).toContain('"event":"started"');
      expect(first.output()).toContain('首次启动已创建超级管理员');
      expect(first.adminPassword).toMatch(/^\S{14}$/);
      expect(first.output()).not.toContain(first.adminPassword);
      expect(statSync(path.join(first.dataDir, 'admin-password.txt')).mode & 0o777).toBe(0o600);
      expect(existsSync(path.join(first.dataDir, 'kapu.sqlite'))).toBe(true);
      const key = path.join(first.dataDir, 'keys');
      expect(existsSync(key)).toBe(true);
      const site = await call(first, '/site/info');
      expect(site.data?.title).toBe('卡铺演示店');
      // The demo shop has directories and goods to browse.
      const dirs = await call(first, '/inside/goods/getDirs');
      expect(Array.isArray(dirs.data) ? dirs.data.length : 0).toBeGreaterThan(0);
    } finally {
      await first.stop({ keepData: true });
    }
    expect(first.exitCode()).toBe(0);

    const again = await startServer({}, { dataDir: first.dataDir });
    try {
      expect(again.adminPath).toBe(first.adminPath);
      expect(again.output()).not.toContain('密码 password');
      expect(again.output()).not.toContain(first.adminPassword);
      const login = await call(again, `/${again.adminPath}/auth/login`, {
        username: 'admin',
        password: first.adminPassword,
      });
      expect(login.code).toBe(1000);
    } finally {
      await again.stop({ keepData: true });
      rmSync(first.dataDir, { recursive: true, force: true });
    }
    expect(again.exitCode()).toBe(0);
  });

  it('keeps key files readable by the owner only', async () => {
    const server = await startServer();
    try {
      const keys = path.join(server.dataDir, 'keys');
      const files = readdirSync(keys);
      expect(files.length).toBeGreaterThan(0); // the demo cards were sealed with a key made on first start
      for (const f of files) expect(statSync(path.join(keys, f)).mode & 0o077, f).toBe(0);
      expect(statSync(keys).mode & 0o077).toBe(0);
    } finally {
      await server.stop();
    }
  });
});
