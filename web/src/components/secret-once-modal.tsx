import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { feedback } from '@/app/feedback';

export interface OnceSecret {
  appId: string;
  appSecret: string;
}

/** Copies text to the clipboard; answers whether it worked (clipboard needs a secure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Shows an open-API secret this one time (the server never answers it again). The parent
 * drops the secret from its state on close, so it does not stay in memory or reappear.
 */
export function SecretOnceModal({ secret, onClose }: { secret: OnceSecret | null; onClose: () => void }) {
  const copy = async () => {
    if (!secret) return;
    if (await copyText(secret.appSecret)) feedback().message.success('密钥已复制');
    else feedback().message.warning('无法自动复制，请手动选中密钥复制');
  };
  return (
    <Modal
      open={!!secret}
      title="请保存您的接口密钥"
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          我已妥善保存
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        title="密钥只显示这一次，关闭后无法再次查看；遗失后只能重置。请勿泄露给他人。"
        style={{ marginBottom: 16 }}
      />
      {secret && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="AppID">
            <Typography.Text copyable data-testid="open-api-app-id">
              {secret.appId}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="AppSecret">
            <Typography.Text code data-testid="open-api-secret" style={{ wordBreak: 'break-all' }}>
              {secret.appSecret}
            </Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} style={{ marginLeft: 8 }}>
              复制密钥
            </Button>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
