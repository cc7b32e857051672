import { describe, expect, it, vi } from 'vitest';
import type { PayHandoff } from '@kapu/contract';
import { buildHandoffForm, dispatchHandoff, isQrImage, type HandoffEffects } from './handoff';

function effects() {
  return {
    navigate: vi.fn<HandoffEffects['navigate']>(),
    submitForm: vi.fn<HandoffEffects['submitForm']>(),
    showQr: vi.fn<HandoffEffects['showQr']>(),
    showHtml: vi.fn<HandoffEffects['showHtml']>(),
    paid: vi.fn<HandoffEffects['paid']>(),
  };
}

describe('dispatchHandoff', () => {
  it('redirect navigates and nothing else', () => {
    const fx = effects();
    expect(dispatchHandoff({ kind: 'redirect', url: 'https://pay.example/submit.php?a=1' }, fx)).toBe('redirect');
    expect(fx.navigate).toHaveBeenCalledWith('https://pay.example/submit.php?a=1');
    expect(fx.submitForm).not.toHaveBeenCalled();
    expect(fx.showQr).not.toHaveBeenCalled();
  });
  it('form submits action, method and fields', () => {
    const fx = effects();
    const h: PayHandoff = {
      kind: 'form',
      action: 'https://pay.example/submit.php',
      method: 'POST',
      fields: { pid: '1001', sign: 'abc' },
    };
    dispatchHandoff(h, fx);
    expect(fx.submitForm).toHaveBeenCalledWith('https://pay.example/submit.php', 'POST', { pid: '1001', sign: 'abc' });
    expect(fx.navigate).not.toHaveBeenCalled();
  });
  it('qrcode shows the code; html shows the html; paid finishes', () => {
    const fx = effects();
    dispatchHandoff({ kind: 'qrcode', code: 'weixin://wxpay/bizpayurl?pr=abc' }, fx);
    dispatchHandoff({ kind: 'html', html: '<form></form>' }, fx);
    dispatchHandoff({ kind: 'paid' }, fx);
    expect(fx.showQr).toHaveBeenCalledWith('weixin://wxpay/bizpayurl?pr=abc');
    expect(fx.showHtml).toHaveBeenCalledWith('<form></form>');
    expect(fx.paid).toHaveBeenCalledTimes(1);
    expect(fx.navigate).not.toHaveBeenCalled();
  });
});

describe('QR payloads', () => {
  it('tells images from text to encode', () => {
    expect(isQrImage('data:image/png;base64,iVBOR')).toBe(true);
    expect(isQrImage('https://gw.example/qr/abc.png')).toBe(true);
    expect(isQrImage('https://qr.alipay.com/bax01234')).toBe(false);
    expect(isQrImage('weixin://wxpay/bizpayurl?pr=abc')).toBe(false);
  });
});

describe('buildHandoffForm', () => {
  it('builds a hidden form with one input per field, values unescaped', () => {
    const form = buildHandoffForm(document, 'https://pay.example/submit.php', 'POST', {
      name: '测试商品 & 1',
      money: '1.00',
    });
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://pay.example/submit.php');
    const inputs = [...form.querySelectorAll('input')].map((i) => [i.name, i.value, i.type]);
    expect(inputs).toEqual([
      ['name', '测试商品 & 1', 'hidden'],
      ['money', '1.00', 'hidden'],
    ]);
    expect(form.parentElement).toBe(document.body);
    form.remove();
  });
});
