import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Radio } from 'antd';
import type { UploadFile } from 'antd';
import { COMPLAINT_TYPES, ComplaintTypeLabels, type ComplaintType, type ComplaintUpload } from '@kapu/contract';
import type { Envelope } from '@/app/http/envelope';
import { EvidenceUpload, evidenceTokens } from './complaint-thread';

export interface ComplaintOpenValues {
  type: ComplaintType;
  content: string;
  /** Evidence tokens, comma-separated. */
  images: string;
}

/** The form that files a complaint: type, what happened, up to 5 images (members and visitors alike). */
export function ComplaintOpenForm({
  onSubmit,
  pending,
  deadline,
  uploadEvidenceFile,
  before,
}: {
  onSubmit: (values: ComplaintOpenValues) => void;
  pending: boolean;
  deadline: string;
  uploadEvidenceFile: (file: Blob) => Promise<Envelope<ComplaintUpload>>;
  /** Fields above the type (the order number). */
  before?: ReactNode;
}) {
  const [files, setFiles] = useState<UploadFile[]>([]);
  return (
    <Form<{ type: ComplaintType; content: string }>
      layout="vertical"
      initialValues={{ type: 'card_invalid' }}
      onFinish={(v) => onSubmit({ ...v, images: evidenceTokens(files) })}
      style={{ maxWidth: 720 }}
    >
      {before}
      <Form.Item label="投诉类型" name="type" rules={[{ required: true, message: '请选择投诉类型' }]}>
        <Radio.Group
          optionType="button"
          options={COMPLAINT_TYPES.map((t) => ({ value: t, label: ComplaintTypeLabels[t] }))}
        />
      </Form.Item>
      <Form.Item
        label="问题描述"
        name="content"
        rules={[{ required: true, whitespace: true, message: '请填写投诉内容' }]}
      >
        <Input.TextArea
          maxLength={1000}
          showCount
          autoSize={{ minRows: 4, maxRows: 10 }}
          placeholder="请描述遇到的问题，例如卡密提示无效的截图、收到的货品情况"
        />
      </Form.Item>
      <Form.Item label="凭证图片（选填，最多 5 张，仅投诉双方与客服可见）">
        <EvidenceUpload files={files} onChange={setFiles} uploadEvidenceFile={uploadEvidenceFile} />
      </Form.Item>
      {deadline && <p style={{ color: '#888' }}>可投诉至 {deadline}</p>}
      <Button type="primary" htmlType="submit" loading={pending} disabled={files.some((f) => f.status === 'uploading')}>
        提交投诉
      </Button>
    </Form>
  );
}
