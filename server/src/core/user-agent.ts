import Bowser from 'bowser';

const DEVICE: Record<string, string> = { desktop: '电脑', mobile: '手机', tablet: '平板', tv: '电视' };
const OS: Record<string, string> = {
  macOS: 'macOS',
  iOS: 'iOS',
  Android: 'Android',
  Windows: 'Windows',
  Linux: 'Linux',
  HarmonyOS: '鸿蒙',
  'Chrome OS': 'ChromeOS',
};

/** Browser, system and device of a login, as people read them: "Chrome 120 · Windows 10 · 电脑". */
export function describeDevice(userAgent: string): string {
  if (!userAgent.trim()) return '未知设备';
  const ua = userAgent.slice(0, 500);
  // Apps bowser does not name, common in China.
  const app = /MicroMessenger\/([\d.]+)/.exec(ua)
    ? '微信'
    : /\bQQ\/([\d.]+)/.exec(ua)
      ? 'QQ'
      : /AlipayClient/.exec(ua)
        ? '支付宝'
        : null;
  const parsed = Bowser.parse(ua);
  const browserName = parsed.browser.name ?? '';
  const browser =
    app ??
    (browserName
      ? `${browserName}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}`
      : '未知浏览器');
  const osName = /HarmonyOS|OpenHarmony/.test(ua)
    ? '鸿蒙'
    : parsed.os.name
      ? (OS[parsed.os.name] ?? parsed.os.name)
      : '未知系统';
  const osVersion = parsed.os.versionName ?? parsed.os.version ?? '';
  const os = osName === '鸿蒙' || !osVersion ? osName : `${osName} ${osVersion}`;
  const device =
    DEVICE[parsed.platform.type ?? ''] ??
    (/(bot|spider|crawler|curl|python|node-fetch|postman)/i.test(ua) ? '程序' : '未知设备');
  return `${browser} · ${os} · ${device}`;
}

/** Phones and tablets, for gateways that answer differently per device (易支付 `device`). */
export function isMobileAgent(userAgent: string): boolean {
  const type = Bowser.parse(userAgent.slice(0, 500)).platform.type;
  return type === 'mobile' || type === 'tablet';
}
