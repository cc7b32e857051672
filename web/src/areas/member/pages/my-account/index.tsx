import { Avatar, Card, Descriptions, Skeleton, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, MemberAccess } from '@kapu/contract';
import { formatYuan } from '@/app/format';
import { useAccount } from '@/hooks/use-account';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import { LoadFailed } from '@/components/load-failed';

function accessLabel(code: string): string {
  return code in MemberAccess ? MemberAccess[code as keyof typeof MemberAccess] : code;
}

/** 账户设置：目前只读展示账户资料；修改资料、密码与绑定随账户安全模块加入。 */
export default function MyAccountPage() {
  const meta = useRouteMeta();
  const { data: account, isLoading, isError, refetch } = useAccount();
  return (
    <PageFrame title="账户设置" description={meta?.description}>
      <Card>
        {isError ? (
          <LoadFailed title="账户信息加载失败" onRetry={() => void refetch()} />
        ) : isLoading || !account ? (
          <Skeleton active avatar />
        ) : (
          <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} size="middle">
            <Descriptions.Item label="头像" span={2}>
              <Avatar size={56} src={account.avatar || DEFAULT_AVATAR} icon={<UserOutlined />} />
            </Descriptions.Item>
            <Descriptions.Item label="会员编号">{account.userNo}</Descriptions.Item>
            <Descriptions.Item label="登录名">{account.loginName}</Descriptions.Item>
            <Descriptions.Item label="昵称">{account.nickname || '未设置'}</Descriptions.Item>
            <Descriptions.Item label="会员等级">{account.levelName || '—'}</Descriptions.Item>
            <Descriptions.Item label="手机号">{account.mobile || '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{account.email || '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="账户余额">{formatYuan(account.balance)}</Descriptions.Item>
            <Descriptions.Item label="交易密码">{account.salePwdEnabled ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>}</Descriptions.Item>
            <Descriptions.Item label="身份">
              {account.access.length ? account.access.map((code) => <Tag key={code}>{accessLabel(code)}</Tag>) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="注册时间">{account.createdAt}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
    </PageFrame>
  );
}
