import type { CaptchaAnswer } from '@kapu/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, Input, Spin, Tooltip } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import type { Envelope } from '@/app/http/envelope';

/** The svg-captcha picture as an <img> source: the markup is never put into the page as HTML. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * One image captcha: loads a picture, keeps its id, and `refresh()` fetches a new one (after
 * every failed attempt: the server uses a captcha up on any try). Stale answers of an older
 * refresh are dropped.
 */
export function useCaptcha(load: () => Promise<Envelope<CaptchaAnswer>>, enabled = true) {
  const [state, setState] = useState<{ captchaId: string; src: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const answer = await loadRef.current();
      if (mine !== seq.current) return;
      if (answer.code === 1000 && answer.data)
        setState({ captchaId: answer.data.captchaId, src: svgDataUrl(answer.data.svg) });
    } catch {
      // Toast already shown; the picture stays clickable for another try.
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);

  return { captchaId: state?.captchaId ?? '', src: state?.src ?? '', loading, refresh };
}
export type CaptchaState = ReturnType<typeof useCaptcha>;

/** The captcha answer input with its picture; click the picture for a new one. */
export function CaptchaField({
  captcha,
  name = 'captcha',
  required = true,
}: {
  captcha: CaptchaState;
  name?: string;
  required?: boolean;
}) {
  return (
    <Form.Item label="图形验证码" required={required}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Form.Item name={name} noStyle rules={required ? [{ required: true, message: '请输入图形验证码' }] : []}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder="请输入右侧字符"
            autoComplete="off"
            maxLength={10}
            aria-label="图形验证码"
          />
        </Form.Item>
        <Tooltip title="看不清？点击换一张">
          <button
            type="button"
            className="captcha-picture"
            onClick={() => void captcha.refresh()}
            aria-label="换一张验证码"
          >
            {captcha.src ? <img src={captcha.src} alt="图形验证码" width={120} height={40} /> : <Spin size="small" />}
          </button>
        </Tooltip>
      </div>
    </Form.Item>
  );
}
