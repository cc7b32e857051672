import type { PayHandoff } from '@kapu/contract';

/** What a page does with each hand-off kind; the page supplies the effects. */
export interface HandoffEffects {
  /** Full-page navigation to the gateway (or to Kapu's sandbox cashier). */
  navigate: (url: string) => void;
  /** Builds a form and submits it (易支付 submit.php, Alipay page pay). */
  submitForm: (action: string, method: 'GET' | 'POST', fields: Record<string, string>) => void;
  /** Shows a QR code: a data/image URL, or text to encode. */
  showQr: (code: string) => void;
  /** Gateway-provided HTML (an auto-submitting form): rendered in a sandboxed frame. */
  showHtml: (html: string) => void;
  /** Nothing to hand off: already paid (balance). */
  paid: () => void;
}

/** Runs the effect for a hand-off and answers its kind. */
export function dispatchHandoff(handoff: PayHandoff, fx: HandoffEffects): PayHandoff['kind'] {
  switch (handoff.kind) {
    case 'redirect':
      fx.navigate(handoff.url);
      break;
    case 'form':
      fx.submitForm(handoff.action, handoff.method, handoff.fields);
      break;
    case 'qrcode':
      fx.showQr(handoff.code);
      break;
    case 'html':
      fx.showHtml(handoff.html);
      break;
    case 'paid':
      fx.paid();
      break;
  }
  return handoff.kind;
}

/** A QR payload that is already an image (data URL or image link) rather than text to encode. */
export function isQrImage(code: string): boolean {
  return /^data:image\//i.test(code) || /^https?:\/\/\S+\.(png|jpe?g|gif|webp|svg)(\?\S*)?$/i.test(code);
}

/** A hidden form posted to the gateway; the caller's document receives it. */
export function buildHandoffForm(
  doc: Document,
  action: string,
  method: 'GET' | 'POST',
  fields: Record<string, string>,
): HTMLFormElement {
  const form = doc.createElement('form');
  form.action = action;
  form.method = method.toLowerCase();
  form.acceptCharset = 'utf-8';
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  return form;
}

/** Browser effects for a page: navigation and real form posts. */
export function browserEffects(partial: Pick<HandoffEffects, 'showQr' | 'showHtml' | 'paid'>): HandoffEffects {
  return {
    navigate: (url) => window.location.assign(url),
    submitForm: (action, method, fields) => buildHandoffForm(document, action, method, fields).submit(),
    ...partial,
  };
}
