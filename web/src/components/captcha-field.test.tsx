import type { CaptchaAnswer } from '@kapu/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@/app/http/envelope';
import { svgDataUrl, useCaptcha } from './captcha-field';
import { needsCaptcha } from './needs-captcha';

const answer = (id: string, svg = '<svg><path d="M0"/></svg>'): Envelope<CaptchaAnswer> => ({
  code: 1000,
  msg: '',
  data: { captchaId: id, svg },
});

describe('svgDataUrl', () => {
  it('encodes the markup into an image URL, so it is never parsed as page HTML', () => {
    const url = svgDataUrl('<svg onload="alert(1)"><text>a</text></svg>');
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(url).not.toContain('<');
    expect(decodeURIComponent(url.split(',')[1])).toBe('<svg onload="alert(1)"><text>a</text></svg>');
  });
});

describe('useCaptcha', () => {
  it('loads a picture when enabled and refresh() fetches a new id', async () => {
    let n = 0;
    const load = vi.fn(async () => answer(`c${++n}`));
    const { result } = renderHook(() => useCaptcha(load));
    await waitFor(() => expect(result.current.captchaId).toBe('c1'));
    expect(result.current.src).toContain('data:image/svg+xml');
    await act(() => result.current.refresh());
    expect(result.current.captchaId).toBe('c2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not load while disabled', () => {
    const load = vi.fn(async () => answer('x'));
    renderHook(() => useCaptcha(load, false));
    expect(load).not.toHaveBeenCalled();
  });

  it('keeps the newest picture when an older request answers last', async () => {
    const resolvers: Array<(v: Envelope<CaptchaAnswer>) => void> = [];
    const load = vi.fn(() => new Promise<Envelope<CaptchaAnswer>>((resolve) => resolvers.push(resolve)));
    const { result } = renderHook(() => useCaptcha(load, false));
    let first!: Promise<void>;
    let second!: Promise<void>;
    act(() => {
      first = result.current.refresh();
      second = result.current.refresh();
    });
    await act(async () => {
      resolvers[1](answer('new'));
      await second;
      resolvers[0](answer('old'));
      await first;
    });
    expect(result.current.captchaId).toBe('new');
  });
});

describe('needsCaptcha', () => {
  it('is true for 1108, 1006 and data.captchaRequired', () => {
    expect(needsCaptcha({ code: 1108, data: null })).toBe(true);
    expect(needsCaptcha({ code: 1006, data: null })).toBe(true);
    expect(needsCaptcha({ code: 1102, data: { captchaRequired: true } })).toBe(true);
    expect(needsCaptcha({ code: 1102, data: { captchaRequired: false } })).toBe(false);
    expect(needsCaptcha({ code: 1104, data: null })).toBe(false);
  });
});
