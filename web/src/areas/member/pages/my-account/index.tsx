import { useState } from 'react';
import { Avatar, Card, Descriptions, Skeleton, Tabs, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { DEFAULT_AVATAR, MemberAccess, type AccountSecurityView, type AccountView } from '@kapu/contract';
import { formatYuan } from '@/app/format';
import { useAccount } from '@/hooks/use-account';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import { LoadFailed } from '@/components/load-failed';
import { useSecurity } from './use-security';
import { ProfileSection } from './sections/profile';
import { LoginPasswordSection, SalePasswordSection } from './sections/passwords';
import { EmailSection, MobileSection, ThirdPartySection, WeixinNoticeSection } from './sections/bindings';
import { OpenApiSection } from './sections/open-api';
import { ShopPriceForm } from './sections/shop-price';
import { LoginNameSection } from './sections/login-name';
import { LoginLogSection, SessionsSection } from './sections/sessions';

function accessLabel(code: string): string {
  return code in MemberAccess ? MemberAccess[code as keyof typeof MemberAccess] : code;
}

/** Read-only summary at the top: who I am and how the account is protected. */
function AccountSummary({ account, security }: { account: AccountView; security: AccountSecurityView }) {
  return (
    <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} size="small">
      <Descriptions.Item label="头像">
        <Avatar size={48} src={account.avatar || DEFAULT_AVATAR} icon={<UserOutlined />} />
      </Descriptions.Item>
      <Descriptions.Item label="昵称">
        {/* Member-entered text: rendered as text by React, never as HTML. */}
        <span data-testid="account-nickname">{account.nickname || '未设置'}</span>
      </Descriptions.Item>
      <Descriptions.Item label="会员编号">{account.userNo}</Descriptions.Item>
      <Descriptions.Item label="登录名">{account.loginName}</Descriptions.Item>
      <Descriptions.Item label="会员等级">{account.levelName || '—'}</Descriptions.Item>
      <Descriptions.Item label="账户余额">{formatYuan(account.balance)}</Descriptions.Item>
      <Descriptions.Item label="手机号">{account.mobile || '未绑定'}</Descriptions.Item>
      <Descriptions.Item label="邮箱">{account.email || '未绑定'}</Descriptions.Item>
      <Descriptions.Item label="QQ">{security.qq || '未填写'}</Descriptions.Item>
      <Descriptions.Item label="联系方式">{security.contact || '未填写'}</Descriptions.Item>
      <Descriptions.Item label="交易密码">
        {!security.salePwdSet ? (
          <Tag>未设置</Tag>
        ) : security.salePwdEnabled ? (
          <Tag color="green">已开启</Tag>
        ) : (
          <Tag color="orange">已关闭</Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="身份">
        {account.access.length ? account.access.map((code) => <Tag key={code}>{accessLabel(code)}</Tag>) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="邀请码">{security.inviteCode || '—'}</Descriptions.Item>
      <Descriptions.Item label="注册时间">{account.createdAt}</Descriptions.Item>
    </Descriptions>
  );
}

/** 账户设置：资料、密码、交易密码、绑定、公众号通知、开放接口、店铺售价、登录名、登录设备与日志（会员中心的全部账户调用）。 */
export default function MyAccountPage() {
  const meta = useRouteMeta();
  const [params] = useSearchParams();
  const account = useAccount();
  const security = useSecurity();
  const failed = account.isError || security.isError;
  const ready = account.data && security.data;
  // ?tab= picks the first tab (links from callback pages); switching tabs stays in the page (one page tab).
  const [tab, setTab] = useState(params.get('tab') ?? 'profile');

  return (
    <PageFrame title="账户设置" description={meta?.description}>
      {failed ? (
        <Card>
          <LoadFailed
            title="账户信息加载失败"
            onRetry={() => {
              void account.refetch();
              void security.refetch();
            }}
          />
        </Card>
      ) : !ready ? (
        <Card>
          <Skeleton active avatar />
        </Card>
      ) : (
        <>
          <Card style={{ marginBottom: 16 }}>
            <AccountSummary account={account.data} security={security.data} />
          </Card>
          <Card>
            <Tabs
              activeKey={tab}
              onChange={setTab}
              destroyOnHidden
              items={[
                {
                  key: 'profile',
                  label: '个人资料',
                  children: <ProfileSection account={account.data} security={security.data} />,
                },
                { key: 'password', label: '登录密码', children: <LoginPasswordSection /> },
                { key: 'sale', label: '交易密码', children: <SalePasswordSection security={security.data} /> },
                {
                  key: 'mobile',
                  label: '手机绑定',
                  children: <MobileSection account={account.data} security={security.data} />,
                },
                { key: 'email', label: '邮箱绑定', children: <EmailSection /> },
                { key: 'oauth', label: '第三方账号', children: <ThirdPartySection security={security.data} /> },
                { key: 'weixin', label: '微信通知', children: <WeixinNoticeSection /> },
                { key: 'openapi', label: '开放接口', children: <OpenApiSection security={security.data} /> },
                { key: 'shop', label: '店铺售价', children: <ShopPriceForm mode={security.data.shopPriceMode} /> },
                {
                  key: 'loginName',
                  label: '登录名',
                  children: <LoginNameSection account={account.data} security={security.data} />,
                },
                { key: 'sessions', label: '登录设备', children: <SessionsSection /> },
                { key: 'logs', label: '登录日志', children: <LoginLogSection /> },
              ]}
            />
          </Card>
        </>
      )}
    </PageFrame>
  );
}
