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

/** What the modal says; the defaults are the open-API key's (e2e reads its title and test ids). */
export interface SecretOnceWords {
  /** The modal's title. */
  title?: string;
  /** The secret's label. */
  label?: string;
  /** The label of what the secret belongs to (`secret.appId`: an app id, a webhook's address). */
  ownerLabel?: string;
  /** The warning above the secret. */
  warning?: string;
  /** Test ids of the owner and the secret. */
  testIds?: { owner: string; secret: string };
}

/**
 * Shows a secret this one time (the server never answers it again): an open-API key's, a webhook's
 * signing secret. The parent drops the secret from its state on close, so it does not stay in memory
 * or reappear.
 */
export function SecretOnceModal({
  secret,
  onClose,
  title = '请保存您的接口密钥',
  label = 'AppSecret',
  ownerLabel = 'AppID',
  warning = '密钥只显示这一次，关闭后无法再次查看；遗失后只能重置。请勿泄露给他人。',
  testIds = { owner: 'open-api-app-id', secret: 'open-api-secret' },
}: { secret: OnceSecret | null; onClose: () => void } & SecretOnceWords) {
  const copy = async () => {
    if (!secret) return;
    if (await copyText(secret.appSecret)) feedback().message.success('密钥已复制');
    else feedback().message.warning('无法自动复制，请手动选中密钥复制');
  };
  return (
    <Modal
      open={!!secret}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          我已妥善保存
        </Button>
      }
    >
      <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} />
      {secret && (
        <Descriptions column={1} bordered size="small" styles={{ label: { whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={ownerLabel}>
            <Typography.Text copyable data-testid={testIds.owner} style={{ wordBreak: 'break-all' }}>
              {secret.appId}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={label}>
            <Typography.Text code data-testid={testIds.secret} style={{ wordBreak: 'break-all' }}>
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
