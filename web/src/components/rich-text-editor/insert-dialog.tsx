import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { normalizeEditorUrl } from './urls';

export type InsertKind = 'link' | 'image';

interface Values {
  url: string;
  text?: string;
}

interface Props {
  kind: InsertKind | null;
  editor: Editor;
  uploadImage?: (file: File) => Promise<string>;
  onClose: () => void;
}

const urlRule = {
  validator: (_: unknown, v?: string) =>
    normalizeEditorUrl(v ?? '')
      ? Promise.resolve()
      : Promise.reject(new Error('请输入 http:// 或 https:// 开头的地址')),
};

/** Asks for a link's address (and text, when nothing is selected) or an image's address. */
export function InsertDialog({ kind, editor, uploadImage, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const [uploading, setUploading] = useState(false);
  const [hasSelection, setHasSelection] = useState(false);

  useEffect(() => {
    if (!kind) return;
    const { empty } = editor.state.selection;
    setHasSelection(!empty);
    const href = kind === 'link' ? (editor.getAttributes('link').href as string | undefined) : undefined;
    form.setFieldsValue({ url: href ?? '', text: '' });
  }, [kind, editor, form]);

  const apply = ({ url, text }: Values) => {
    const href = normalizeEditorUrl(url)!;
    const chain = editor.chain().focus();
    if (kind === 'image') {
      chain.setImage({ src: href, alt: text?.trim() || undefined }).run();
    } else if (hasSelection || editor.isActive('link')) {
      chain.extendMarkRange('link').setLink({ href }).run();
    } else {
      // Links are inclusive while autolink is on: drop the stored mark so further typing is plain text.
      chain
        .insertContent({ type: 'text', text: text?.trim() || href, marks: [{ type: 'link', attrs: { href } }] })
        .unsetMark('link')
        .run();
    }
    onClose();
  };

  const isImage = kind === 'image';
  return (
    <Modal
      open={kind !== null}
      title={isImage ? '插入图片' : '插入链接'}
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Form<Values> form={form} layout="vertical" onFinish={apply} preserve={false}>
        <Form.Item
          label={isImage ? '图片地址' : '链接地址'}
          name="url"
          rules={[urlRule]}
          validateTrigger="onBlur"
          extra={isImage ? '支持 http(s) 地址或本站上传的图片' : undefined}
        >
          <Input placeholder={isImage ? 'https://example.com/picture.png' : 'https://example.com/help'} autoFocus />
        </Form.Item>
        {isImage && uploadImage && (
          <Upload
            accept="image/*"
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) => {
              setUploading(true);
              uploadImage(file as File)
                .then((url) => {
                  form.setFieldsValue({ url });
                  onSuccess?.(url);
                })
                .catch((e: Error) => onError?.(e))
                .finally(() => setUploading(false));
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading} style={{ marginBottom: 16 }}>
              上传图片
            </Button>
          </Upload>
        )}
        {(isImage || !hasSelection) && (
          <Form.Item
            label={isImage ? '图片说明（选填）' : '链接文字'}
            name="text"
            extra={isImage ? '图片无法显示时展示的文字' : '不填则显示链接地址'}
          >
            <Input maxLength={100} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
