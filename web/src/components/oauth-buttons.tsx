import { Button, Divider, Space } from 'antd';
import { QqOutlined, WechatOutlined } from '@ant-design/icons';
import { oauthAuthorize } from '@/api/user';
import { useAuthOptions } from '@/hooks/use-auth-options';
import { useAction } from '@/hooks/use-action';

/** QQ / WeChat login buttons, only for the apps the admin configured. */
export function OAuthLoginButtons() {
  const { options } = useAuthOptions();
  // Success leaves for the provider's authorize page (the server made the one-time state).
  const login = useAction({
    call: (kind: 'qq' | 'wx') => oauthAuthorize(kind, 'login'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  if (!options.oauth.qq && !options.oauth.wx) return null;
  const busy = login.pendingInput;
  return (
    <>
      <Divider plain>其他登录方式</Divider>
      <Space style={{ width: '100%', justifyContent: 'center' }}>
        {options.oauth.qq && (
          <Button icon={<QqOutlined />} loading={busy === 'qq'} onClick={() => login.run('qq')}>
            QQ 登录
          </Button>
        )}
        {options.oauth.wx && (
          <Button icon={<WechatOutlined />} loading={busy === 'wx'} onClick={() => login.run('wx')}>
            微信登录
          </Button>
        )}
      </Space>
    </>
  );
}
