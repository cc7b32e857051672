import { Button, Card, Form, InputNumber, Skeleton, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ComplaintSettings } from '@kapu/contract';
import { complaintSettings, saveComplaintSettings } from '@/api/complaints';
import { complaintsKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { Access } from '@/app/guards/access';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { StaffComplaints } from '@/components/staff-complaints';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

function SettingsCard() {
  const settings = useQuery({ queryKey: complaintsKeys.settings, queryFn: () => unwrap(complaintSettings()) });
  const saving = useAction({
    call: saveComplaintSettings,
    success: '投诉设置已保存',
    invalidates: [complaintsKeys.settings],
  });
  if (settings.isError) return <LoadFailed title="投诉设置加载失败" onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <Form<ComplaintSettings> layout="inline" initialValues={settings.data} onFinish={(v) => saving.run(v)}>
      <Form.Item name="windowDays" label="发货后可投诉天数" rules={[{ required: true, message: '请填写天数' }]}>
        <InputNumber min={1} max={365} addonAfter="天" />
      </Form.Item>
      <Form.Item name="sellerHours" label="卖家回复时限" rules={[{ required: true, message: '请填写小时数' }]}>
        <InputNumber min={1} max={720} addonAfter="小时" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving.isPending}>
        保存
      </Button>
    </Form>
  );
}

/** 投诉管理：平台管理员查看与处理全部投诉，设置投诉期限与卖家回复时限。 */
export default function AdminComplaintsPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="投诉管理" description={meta?.description}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Access codes={['settings.edit']}>
          <Card size="small" title="投诉设置">
            <SettingsCard />
          </Card>
        </Access>
        <Card>
          <StaffComplaints side="admin" initialQueue="all" />
        </Card>
      </Space>
    </PageFrame>
  );
}
