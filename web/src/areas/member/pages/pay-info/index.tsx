import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Image,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { PAYEE_MAX_PER_MEMBER, type PayeeKind, PayeeKindLabels, type PayeeView } from '@kapu/contract';
import { uploadFile } from '@/api/account';
import { deletePayee, listPayees, savePayee } from '@/api/pay-info';
import { toPayeeForm, type PayeeEditorValues as EditorValues } from '../../lib/payee-form';
import { unwrap } from '@/app/http/unwrap';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import '../../lib/funds-pages.css';
import { fundsKeys } from '@/api/keys';
import { useAction } from '@/hooks/use-action';

const QR_TYPE_TEXT: Record<string, string> = { alipay: '支付宝收款码', wechat: '微信收款码' };

function QrUpload({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const upload = useAction({ call: uploadFile, onSuccess: (r) => onChange?.(r.url) });
  return (
    <Space align="start">
      {value && <Image src={value} className="funds-qr-thumb" alt="收款码" />}
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          upload.run(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          {value ? '重新上传' : '上传收款码图片'}
        </Button>
      </Upload>
    </Space>
  );
}

/** 收款账户：用于提现的支付宝、银行卡与收款码，账号打码显示。 */
export default function PayInfoPage() {
  const meta = useRouteMeta();
  const payees = useQuery({ queryKey: fundsKeys.payees, queryFn: () => unwrap(listPayees()) });
  const [editing, setEditing] = useState<PayeeView | 'new' | null>(null);
  const [form] = Form.useForm<EditorValues>();
  const kind = Form.useWatch('kind', form);
  const list = payees.data ?? [];

  const open = (p: PayeeView | 'new') => {
    setEditing(p);
    form.resetFields();
    if (p === 'new') form.setFieldsValue({ kind: 'alipay', qrType: 'alipay' });
    else
      form.setFieldsValue({
        kind: p.kind,
        realName: p.realName,
        bankName: p.bankName,
        bankBranch: p.bankBranch,
        qrType: (p.qrType || 'alipay') as 'alipay' | 'wechat',
        qrImage: p.qrImage || undefined,
      });
  };
  const saving = useAction({
    call: savePayee,
    success: '收款账户已保存',
    invalidates: [fundsKeys.payees],
    onSuccess: () => setEditing(null),
  });
  const save = (v: EditorValues) => saving.run(toPayeeForm(editing && editing !== 'new' ? editing.id : undefined, v));
  const remove = useAction({ call: deletePayee, success: '收款账户已删除', invalidates: [fundsKeys.payees] });
  const isEdit = editing !== null && editing !== 'new';

  return (
    <PageFrame
      title="收款账户"
      description={meta?.description}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={list.length >= PAYEE_MAX_PER_MEMBER}
          onClick={() => open('new')}
        >
          添加收款账户
        </Button>
      }
    >
      <Card>
        {payees.isError ? (
          <LoadFailed onRetry={() => void payees.refetch()} />
        ) : (
          <Table<PayeeView>
            rowKey="id"
            loading={payees.isFetching}
            dataSource={list}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: '还没有收款账户，添加后即可申请提现' }}
            columns={[
              {
                title: '类型',
                dataIndex: 'kindText',
                render: (t: string, r) => (
                  <Tag color={r.kind === 'bank' ? 'blue' : r.kind === 'alipay' ? 'cyan' : 'green'}>{t}</Tag>
                ),
              },
              { title: '真实姓名', dataIndex: 'realName' },
              {
                title: '账号',
                key: 'account',
                render: (_v, r) =>
                  r.kind === 'qr' ? (
                    <Space>
                      {r.qrImage && <Image src={r.qrImage} className="funds-qr-thumb" alt="收款码" />}
                      <span>{QR_TYPE_TEXT[r.qrType] ?? r.qrType}</span>
                    </Space>
                  ) : (
                    <Typography.Text code>{r.account}</Typography.Text>
                  ),
              },
              {
                title: '开户行',
                key: 'bank',
                render: (_v, r) => (r.kind === 'bank' ? `${r.bankName} ${r.bankBranch}` : '—'),
              },
              { title: '添加时间', dataIndex: 'createdAt' },
              {
                title: '操作',
                key: 'op',
                render: (_v, r) => (
                  <Space>
                    <Button type="link" size="small" onClick={() => open(r)}>
                      编辑
                    </Button>
                    <Popconfirm
                      title="删除这个收款账户？"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={() => remove.confirm(r.id)}
                    >
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          最多可添加 {PAYEE_MAX_PER_MEMBER} 个收款账户。真实姓名须与收款账户的实名一致，否则提现会被驳回。
        </Typography.Paragraph>
      </Card>
      <Modal
        open={editing !== null}
        title={isEdit ? '编辑收款账户' : '添加收款账户'}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} preserve={false}>
          <Form.Item name="kind" label="收款方式" rules={[{ required: true, message: '请选择收款方式' }]}>
            <Radio.Group
              optionType="button"
              options={(Object.keys(PayeeKindLabels) as PayeeKind[]).map((k) => ({
                value: k,
                label: PayeeKindLabels[k],
              }))}
            />
          </Form.Item>
          <Form.Item
            name="realName"
            label="真实姓名"
            rules={[
              { required: true, whitespace: true, message: '请填写真实姓名' },
              { pattern: /^[\u4e00-\u9fa5·•A-Za-z ]{2,20}$/, message: '真实姓名为 2-20 个汉字、字母或间隔号' },
            ]}
          >
            <Input maxLength={20} autoComplete="off" />
          </Form.Item>
          {isEdit && kind !== 'qr' && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title="账号已打码保存，修改时请重新输入完整账号" />
          )}
          {kind === 'alipay' && (
            <Form.Item
              name="account"
              label="支付宝账号"
              rules={[
                { required: true, whitespace: true, message: '请填写支付宝账号' },
                {
                  validator: (_r, v: string) =>
                    !v || /^1[3-9]\d{9}$/.test(v.trim()) || /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(v.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error('支付宝账号须为手机号或邮箱')),
                },
              ]}
            >
              <Input maxLength={64} placeholder="手机号或邮箱" autoComplete="off" />
            </Form.Item>
          )}
          {kind === 'bank' && (
            <>
              <Form.Item
                name="bankName"
                label="开户银行"
                rules={[{ required: true, whitespace: true, message: '请填写开户银行' }]}
              >
                <Input maxLength={30} placeholder="如：中国工商银行" />
              </Form.Item>
              <Form.Item
                name="bankBranch"
                label="开户支行"
                rules={[{ required: true, whitespace: true, message: '请填写开户支行' }]}
              >
                <Input maxLength={60} placeholder="如：北京朝阳支行" />
              </Form.Item>
              <Form.Item
                name="cardNo"
                label="银行卡号"
                rules={[
                  { required: true, message: '请填写银行卡号' },
                  {
                    validator: (_r, v: string) =>
                      !v || /^\d{12,19}$/.test(v.replace(/[\s-]/g, ''))
                        ? Promise.resolve()
                        : Promise.reject(new Error('银行卡号须为 12-19 位数字')),
                  },
                ]}
              >
                <Input inputMode="numeric" maxLength={23} autoComplete="off" />
              </Form.Item>
            </>
          )}
          {kind === 'qr' && (
            <>
              <Form.Item name="qrType" label="收款码类型" rules={[{ required: true, message: '请选择收款码类型' }]}>
                <Radio.Group
                  options={[
                    { value: 'alipay', label: '支付宝' },
                    { value: 'wechat', label: '微信' },
                  ]}
                />
              </Form.Item>
              <Form.Item name="qrImage" label="收款码图片" rules={[{ required: true, message: '请上传收款码图片' }]}>
                <QrUpload />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </PageFrame>
  );
}
