import type { PayHandoff } from '@kapu/contract';

/**
 * The top-level page that takes a payer to a gateway that wants a form posted (易支付 submit,
 * Alipay page pay) or that answered a page of its own (易支付 mapi/create `html`). Served by the
 * server for one payment, never framed, with a CSP made for it: one nonce'd script (the submit),
 * the form's target origin allowed as form-action (plus https: for the gateway's own redirects).
 */
export interface HandoffDocument {
  html: string;
  csp: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Submits the first form, whatever its inputs are named (an input named `submit` shadows the method). */
const SUBMIT_FIRST_FORM = `(function(){var f=document.forms[0];if(f)HTMLFormElement.prototype.submit.call(f);})();`;
/** A page restored from the back/forward cache would show a stale form: load it afresh. */
const RELOAD_WHEN_RESTORED = `window.addEventListener('pageshow',function(e){if(e.persisted)location.reload();});`;

function page(nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#1f2329;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}main{background:#fff;border-radius:12px;padding:32px 28px;max-width:360px;width:calc(100% - 48px);text-align:center;box-shadow:0 2px 12px rgba(0,0,0,.06)}h1{font-size:18px;margin:0 0 8px}p{color:#646a73;font-size:14px;margin:0 0 20px}button{background:#1677ff;color:#fff;border:0;border-radius:8px;font-size:16px;padding:10px 28px;cursor:pointer}</style>
</head><body><main>${body}</main></body></html>`;
}

/** Our own page around a form: the fields escaped, submitted at once, a button if scripts are off. */
export function formHandoffDocument(handoff: Extract<PayHandoff, { kind: 'form' }>, nonce: string): HandoffDocument {
  const inputs = Object.entries(handoff.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const body = `<h1>正在前往支付平台…</h1><p>如果页面没有自动跳转，请点击下方按钮继续支付</p>
<form method="${handoff.method === 'GET' ? 'get' : 'post'}" action="${escapeHtml(handoff.action)}" accept-charset="utf-8">${inputs}<button type="submit">继续支付</button></form>
<script nonce="${nonce}">${RELOAD_WHEN_RESTORED}${SUBMIT_FIRST_FORM}</script>`;
  const target = originOf(handoff.action);
  return {
    html: page(nonce, '正在前往支付平台', body),
    csp: [
      `default-src 'none'`,
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      `form-action ${target ?? ''} https:`.replace('  ', ' '),
      `base-uri 'none'`,
      `frame-ancestors 'none'`,
    ].join('; '),
  };
}

/**
 * The gateway's own page (an auto-submitting bank form) as it came, under a CSP that lets none
 * of its scripts run (only ours, which posts its first form) and a sandbox that gives it no
 * access to this shop's storage or cookies.
 */
export function htmlHandoffDocument(gatewayHtml: string, nonce: string): HandoffDocument {
  const script = `<script nonce="${nonce}">${RELOAD_WHEN_RESTORED}${SUBMIT_FIRST_FORM}</script>`;
  const html = /<\/body>/i.test(gatewayHtml)
    ? gatewayHtml.replace(/<\/body>/i, `${script}</body>`)
    : `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>正在前往支付平台</title></head><body>${gatewayHtml}${script}</body></html>`;
  const targets = new Set<string>();
  for (const m of gatewayHtml.matchAll(/<form\b[^>]*\baction\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const origin = originOf((m[1] ?? m[2] ?? m[3] ?? '').replace(/&amp;/g, '&'));
    if (origin) targets.add(origin);
  }
  return {
    html,
    csp: [
      `default-src 'none'`,
      `script-src 'nonce-${nonce}'`,
      `style-src 'unsafe-inline' https:`,
      `img-src https: data:`,
      `form-action ${[...targets].join(' ')} https:`.replace('  ', ' '),
      `base-uri 'none'`,
      `frame-ancestors 'none'`,
      `sandbox allow-forms allow-scripts allow-top-navigation`,
    ].join('; '),
  };
}

/** A page for a hand-off that cannot go on (paid, closed, expired, unknown link). */
export function stateDocument(
  nonce: string,
  title: string,
  text: string,
  link: { href: string; label: string },
): HandoffDocument {
  const body = `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><a href="${escapeHtml(link.href)}"><button type="button">${escapeHtml(link.label)}</button></a>`;
  return {
    html: page(nonce, title, body),
    csp: [
      `default-src 'none'`,
      `style-src 'nonce-${nonce}'`,
      `base-uri 'none'`,
      `frame-ancestors 'none'`,
      `form-action 'none'`,
    ].join('; '),
  };
}
