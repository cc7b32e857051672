import { useState } from 'react';
import { Alert, Button, Input, QRCode, Result, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { disableTotp, enableTotp, getAdminMe, listStaff, setupTotp } from '@/api/admin';
import { feedback } from '@/app/feedback';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { adminKeys } from '@/api/keys';

/** Whether the signed-in staff has TOTP on: the staff list knows (when allowed), else unknown. */
function useTotpState() {
  return useQuery({
    queryKey: adminKeys.totp,
    queryFn: async () => {
      const me = await unwrap(getAdminMe(), { toast: false });
      const list = await listStaff();
      if (list.code !== 1000) return null;
      return list.data.find((s) => s.username === me.username)?.totpEnabled ?? null;
    },
  });
}

/** 两步验证（TOTP）：生成密钥与二维码，用身份验证器扫码后输入 6 位码开启；也可输入动态码关闭。 */
export function TotpPanel() {
  const state = useTotpState();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const begin = useAction({
    call: () => setupTotp(),
    onSuccess: (answer) => {
      setSetup(answer);
      setCode('');
    },
  });
  const turn = useAction({
    call: ({ action, code }: { action: 'enable' | 'disable'; code: string }) =>
      action === 'enable' ? enableTotp(code) : disableTotp(code),
    invalidates: [adminKeys.totp],
    onSuccess: (_data, { action }) => {
      setDone(action === 'enable' ? '两步验证已开启，下次登录需要输入动态码' : '两步验证已关闭');
      setSetup(null);
      setCode('');
    },
  });
  const submit = (action: 'enable' | 'disable') => {
    if (!/^\d{6}$/.test(code)) return feedback().message.error('两步验证码为 6 位数字');
    turn.run({ action, code });
  };
  const busy = begin.isPending || turn.isPending;

  const codeInput = (
    <Input
      value={code}
      onChange={(e) => setCode(e.target.value.trim())}
      maxLength={6}
      inputMode="numeric"
      placeholder="6 位动态码"
      style={{ width: 160 }}
      aria-label="两步验证码"
    />
  );
  return (
    <div style={{ maxWidth: 520 }}>
      {done && <Result status="success" title={done} style={{ padding: 16 }} />}
      <Typography.Paragraph>
        开启后，登录后台除密码外还需要身份验证器（如 Google Authenticator、微软验证器）中的 6 位动态码。
      </Typography.Paragraph>
      {state.data === true && !setup ? (
        <>
          <Alert type="success" showIcon title="两步验证已开启" style={{ marginBottom: 16 }} />
          <div style={{ display: 'flex', gap: 8 }}>
            {codeInput}
            <Button danger loading={busy} onClick={() => void submit('disable')}>
              关闭两步验证
            </Button>
          </div>
        </>
      ) : setup ? (
        <>
          <Alert
            type="warning"
            showIcon
            title="请用身份验证器扫描二维码（或手动输入密钥），然后输入显示的 6 位动态码完成开启。密钥只显示这一次。"
            style={{ marginBottom: 16 }}
          />
          <QRCode value={setup.uri} size={180} />
          <Typography.Paragraph style={{ marginTop: 8 }}>
            密钥：
            <Typography.Text code copyable>
              {setup.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <div style={{ display: 'flex', gap: 8 }}>
            {codeInput}
            <Button type="primary" loading={busy} onClick={() => void submit('enable')}>
              验证并开启
            </Button>
          </div>
        </>
      ) : (
        <Button type="primary" loading={busy} onClick={() => begin.run()}>
          {state.data === false ? '开启两步验证' : '设置两步验证'}
        </Button>
      )}
    </div>
  );
}
