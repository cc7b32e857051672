import { App, Button, Input, Select, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { RechargeField } from '@kapu/contract';
import { uploadFile } from '@/api/account';
import { unwrap } from '@/app/http/unwrap';
import { Img } from '@/components/img';

/** One recharge template field: text, number, select or an uploaded image (members only). */
export function RechargeInput({
  id,
  field,
  member,
  value,
  onChange,
}: {
  id?: string;
  field: RechargeField;
  member: boolean;
  value?: string | number;
  onChange?: (v: string | number) => void;
}) {
  const { message } = App.useApp();
  if (field.type === 'select') {
    return (
      <Select
        id={id}
        placeholder={field.placeholder || `请选择${field.label}`}
        options={(field.options ?? []).map((o) => ({ value: o, label: o }))}
        value={value}
        onChange={onChange}
      />
    );
  }
  if (field.type === 'number')
    return (
      <Input
        id={id}
        inputMode="decimal"
        placeholder={field.placeholder || `请输入${field.label}`}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
      />
    );
  if (field.type === 'image') {
    if (!member)
      return (
        <Typography.Text type="secondary">
          上传图片需要先<Link to="/login">登录</Link>
        </Typography.Text>
      );
    return (
      <Space>
        <Upload
          accept="image/*"
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            unwrap(uploadFile(file as Blob))
              .then((r) => {
                onChange?.(r.url);
                onSuccess?.(r);
                message.success('图片已上传');
              })
              .catch((e: Error) => onError?.(e));
          }}
        >
          <Button icon={<UploadOutlined />}>上传图片</Button>
        </Upload>
        {value && <Img src={String(value)} style={{ height: 40, borderRadius: 4 }} alt={field.label} />}
      </Space>
    );
  }
  return (
    <Input
      id={id}
      placeholder={field.placeholder || `请输入${field.label}`}
      maxLength={200}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}
