import { describe, expect, it } from 'vitest';
import { describeDevice } from './user-agent.js';

describe('login devices as people read them', () => {
  it('names browser, system and device', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 120 · Windows 10 · 电脑');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toMatch(/^Safari 17 · iOS 17\.1 · 手机$/);
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 13; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.43',
      ),
    ).toMatch(/^微信 · Android 13 · 手机$/);
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      ),
    ).toMatch(/^Safari 17 · macOS .* · 电脑$/);
    expect(describeDevice('curl/8.4.0')).toMatch(/程序|未知设备/);
    expect(describeDevice('')).toBe('未知设备');
  });
});
