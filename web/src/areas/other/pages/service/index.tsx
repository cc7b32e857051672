import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Input, Row } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { staffLoginInput, type StaffLoginInput } from '@kapu/contract';
import { loginOther } from '@/api/other';
import { isSuccess } from '@/app/http/envelope';
import { AppShell } from '@/app/layout/app-shell';
import { queryClient } from '@/app/providers';
import { readOtherToken, writeOtherToken } from '@/app/storage/local';
import { AuthCard } from '@/components/auth-card';
import { PageFrame } from '@/components/page-frame';
import { zodRule } from '@/components/zod-rule';
import { useStoredSession } from '@/hooks/use-stored-session';
import { useRouteMeta } from '@/hooks/use-route-meta';

function ServiceLogin() {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submit = async (values: StaffLoginInput) => {
    const parsed = staffLoginInput.safeParse(values);
    if (!parsed.success) return;
    setSubmitting(true);
    setError(null);
    try {
      const answer = await loginOther(parsed.data);
      if (!isSuccess(answer)) {
        setError(answer.msg || '登录失败');
        return;
      }
      queryClient.removeQueries({ queryKey: ['shell-user', 'other'] });
      writeOtherToken(answer.data.authCode);
    } catch {
      // HTTP errors already showed their toast.
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <div className="auth-card-page">
      <AuthCard title="客服台登录" subtitle="客服人员专用，请使用客服账号登录">
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" size="large" onFinish={submit} requiredMark={false}>
          <Form.Item label="用户名" name="username" rules={[zodRule(staffLoginInput.shape.username)]}>
            <Input prefix={<UserOutlined />} placeholder="客服用户名" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[zodRule(staffLoginInput.shape.password)]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form>
      </AuthCard>
    </div>
  );
}

function ServiceDesk() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="客服台" description={meta?.description}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="待回复咨询">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前没有待回复的咨询" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="待处理投诉">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前没有待处理的投诉" />
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}

/** 客服台（/other/service）：未登录显示客服登录表单，登录后进入客服工作台。 */
export default function ServicePage() {
  const token = useStoredSession(readOtherToken);
  if (!token) return <ServiceLogin />;
  return (
    <AppShell shell="other">
      <ServiceDesk />
    </AppShell>
  );
}
