import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Tag, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ID_NUMBER_RULE, isValidIdNumber, type CertifyStatus } from '@kapu/contract';
import { uploadFile } from '@/api/account';
import { certifyAlipayStart, certifyStatus, certifySubmit } from '@/api/certify';
import { unwrap } from '@/app/http/unwrap';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import { certifyKeys } from '@/api/keys';
import { useAction } from '@/hooks/use-action';

const CERTIFY_STATUS_COLOR: Record<CertifyStatus, string> = {
  none: 'default',
  pending: 'processing',
  reviewing: 'processing',
  passed: 'success',
  failed: 'error',
};

interface FormValues {
  realName: string;
  idNumber: string;
}

/**
 * 实名认证：显示当前认证状态；未认证或未通过时可提交人工审核（姓名、身份证号、可选证件照片），
 * 管理员开启支付宝刷脸认证时也可跳转到支付宝完成刷脸。
 */
export default function VerifiedPage() {
  const meta = useRouteMeta();
  const [form] = Form.useForm<FormValues>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const status = useQuery({ queryKey: certifyKeys.status, queryFn: () => unwrap(certifyStatus()) });
  const s = status.data;
  const canSubmit = s && (s.status === 'none' || s.status === 'failed' || s.status === 'pending');

  const manual = useAction({
    call: certifySubmit,
    success: '已提交，请等待管理员审核',
    invalidates: [certifyKeys.all],
    onSuccess: () => {
      form.resetFields();
      setFiles([]);
    },
  });
  const alipay = useAction({ call: certifyAlipayStart, onSuccess: ({ url }) => window.location.assign(url) });
  const busy = manual.isPending || alipay.isPending;
  const submitManual = async () => {
    // Invalid fields are shown on the form itself.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const images = files.map((f) => (f.response as { url?: string } | undefined)?.url).filter((u): u is string => !!u);
    manual.run({ ...v, images });
  };
  const startAlipay = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) alipay.run(v);
  };

  return (
    <PageFrame title="实名认证" description={meta?.description}>
      <Card loading={status.isLoading}>
        {s && (
          <Descriptions column={1} style={{ marginBottom: 24 }} bordered size="small">
            <Descriptions.Item label="认证状态">
              <Tag color={CERTIFY_STATUS_COLOR[s.status]} data-testid="certify-status">
                {s.statusText}
              </Tag>
            </Descriptions.Item>
            {s.realName && <Descriptions.Item label="真实姓名">{s.realName}</Descriptions.Item>}
            {s.idNumber && <Descriptions.Item label="身份证号">{s.idNumber}</Descriptions.Item>}
            {s.updatedAt && <Descriptions.Item label="更新时间">{s.updatedAt}</Descriptions.Item>}
          </Descriptions>
        )}
        {s?.status === 'passed' && <Alert type="success" showIcon title="您已完成实名认证" />}
        {s?.status === 'reviewing' && (
          <Alert
            type="info"
            showIcon
            title="您的实名认证正在审核中"
            description="管理员审核后这里会显示结果，请耐心等待。"
          />
        )}
        {s?.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            title="实名认证未通过"
            description={s.reason ? `原因：${s.reason}。您可以修改资料后重新提交。` : '您可以修改资料后重新提交。'}
            style={{ marginBottom: 16 }}
          />
        )}
        {s?.status === 'pending' && (
          <Alert
            type="warning"
            showIcon
            title="支付宝刷脸认证尚未完成"
            description="如已在支付宝完成刷脸，请稍候刷新；也可以重新发起或改用人工审核。"
            style={{ marginBottom: 16 }}
          />
        )}
        {canSubmit && (
          <Form<FormValues> form={form} layout="vertical" style={{ maxWidth: 480 }}>
            <Form.Item
              name="realName"
              label="真实姓名"
              rules={[{ required: true, whitespace: true, message: '请输入真实姓名' }, { max: 30 }]}
            >
              <Input maxLength={30} placeholder="与身份证一致" autoComplete="name" />
            </Form.Item>
            <Form.Item
              name="idNumber"
              label="身份证号码"
              rules={[
                { required: true, message: '请输入身份证号码' },
                {
                  validator: (_r, v: string | undefined) =>
                    !v || isValidIdNumber(v) ? Promise.resolve() : Promise.reject(new Error(ID_NUMBER_RULE)),
                },
              ]}
            >
              <Input maxLength={18} placeholder="18 位居民身份证号码" autoComplete="off" />
            </Form.Item>
            <Form.Item label="证件照片（选填，最多 3 张，仅用于人工审核）">
              <Upload
                listType="picture-card"
                accept="image/*"
                maxCount={3}
                fileList={files}
                onChange={({ fileList }) => setFiles(fileList)}
                customRequest={({ file, onSuccess, onError }) => {
                  uploadFile(file as Blob)
                    .then((r) => (r.code === 1000 ? onSuccess?.(r.data) : onError?.(new Error(r.msg))))
                    .catch((e: unknown) => onError?.(e as Error));
                }}
              >
                {files.length < 3 && '上传'}
              </Upload>
            </Form.Item>
            <Space wrap>
              <Button type="primary" loading={manual.isPending} disabled={busy} onClick={() => void submitManual()}>
                提交人工审核
              </Button>
              {s?.alipayEnabled && (
                <Button loading={alipay.isPending} disabled={busy} onClick={() => void startAlipay()}>
                  支付宝刷脸认证
                </Button>
              )}
            </Space>
          </Form>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          身份证号码加密保存，页面只显示前四位与后四位。一个身份证号码只能认证一个账号。
        </Typography.Paragraph>
      </Card>
    </PageFrame>
  );
}
