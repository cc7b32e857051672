import { useEffect, useRef, useState } from 'react';
import { Button, Card, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { type OAuthKind, OAuthProviderNames } from '@kapu/contract';
import { oauthCallback } from '@/api/user';
import { BusinessError } from '@/app/http/envelope';
import { startUserSession } from '@/app/session-start';
import { useAction } from '@/hooks/use-action';
import { accountKeys } from '@/api/keys';

type Outcome = { kind: 'working' } | { kind: 'bound' } | { kind: 'failed'; msg: string; code: number };

/**
 * The provider sent the browser back with ?code=&state=: hand both to the server, which checks
 * the one-time state (CSRF guard), then either log in or report the binding. Runs once even
 * under StrictMode's double effect, since a state can be used only once.
 */
export function OAuthReturn({ kind }: { kind: OAuthKind }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);
  const name = OAuthProviderNames[kind];
  // The page shows the outcome itself (no toasts); a binding refreshes what the account center shows.
  const callback = useAction({
    call: (input: { code: string; state: string }) => oauthCallback(kind, input),
    errorToast: false,
    invalidates: [accountKeys.security, accountKeys.weixinBind],
    onSuccess: (answer) => {
      if (answer.purpose === 'login') {
        startUserSession(answer.session.authCode);
        navigate('/inside/index', { replace: true });
        return;
      }
      setOutcome({ kind: 'bound' });
    },
    onError: (error) =>
      setOutcome(
        error instanceof BusinessError
          ? { kind: 'failed', msg: error.message || '授权失败，请重试', code: error.code }
          : { kind: 'failed', msg: '网络异常，授权未完成，请重试。', code: 0 },
      ),
  });
  const start = useRef(callback.run);
  start.current = callback.run;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code') ?? '';
    const state = params.get('state') ?? '';
    if (!code || !state) {
      setOutcome({ kind: 'failed', msg: '授权没有完成（缺少授权码），请重新发起。', code: 0 });
      return;
    }
    // Drop code/state from the address bar and history.
    window.history.replaceState(null, '', window.location.pathname);
    start.current({ code, state });
  }, [params]);

  return (
    <div className="auth-card-wrap">
      <Card style={{ maxWidth: 520, width: '100%' }}>
        {outcome.kind === 'working' ? (
          <div style={{ textAlign: 'center', padding: 48 }}>
            <Spin size="large" />
            <p style={{ marginTop: 16 }}>正在完成{name}授权…</p>
          </div>
        ) : outcome.kind === 'bound' ? (
          <Result
            status="success"
            title={`${name}绑定成功`}
            subTitle={kind === 'mp' ? '您将通过微信公众号收到所选的通知。' : `以后可以直接用${name}登录本账号。`}
            extra={
              <Button
                type="primary"
                onClick={() =>
                  navigate(`/inside/inter/myaccount?tab=${kind === 'mp' ? 'weixin' : 'oauth'}`, { replace: true })
                }
              >
                返回账户设置
              </Button>
            }
          />
        ) : (
          <Result
            status="error"
            title={`${name}授权未完成`}
            subTitle={outcome.msg}
            extra={[
              <Button key="login" type="primary" onClick={() => navigate('/login', { replace: true })}>
                {outcome.code === 1128 ? '用账号密码登录' : '返回登录'}
              </Button>,
              <Button key="account" onClick={() => navigate('/inside/inter/myaccount?tab=oauth', { replace: true })}>
                账户设置
              </Button>,
            ]}
          />
        )}
      </Card>
    </div>
  );
}
