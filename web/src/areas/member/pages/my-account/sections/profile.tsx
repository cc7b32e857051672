import { Avatar, Button, Form, Input, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, updateCustomerInput, type AccountSecurityView, type AccountView } from '@kapu/contract';
import { updateFrontCustomer, uploadFile } from '@/api/account';
import { feedback } from '@/app/feedback';
import { zodRule } from '@/components/zod-rule';
import { useAction } from '@/hooks/use-action';
import { ACCOUNT_CHANGES } from '../use-security';

interface ProfileForm {
  nickname?: string;
  avatar?: string;
  qq?: string;
  contact?: string;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const shape = updateCustomerInput.shape;

/** 个人资料：昵称、头像（先上传再保存）、QQ、联系方式。文字一律按纯文本显示。 */
export function ProfileSection({ account, security }: { account: AccountView; security: AccountSecurityView }) {
  const [form] = Form.useForm<ProfileForm>();
  const avatar = Form.useWatch('avatar', form);
  const uploadAvatar = useAction({
    call: uploadFile,
    onSuccess: (answer) => form.setFieldValue('avatar', answer.url),
  });
  const upload = (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      feedback().message.error('请选择 PNG、JPG、GIF 或 WebP 图片');
      return;
    }
    if (file.size > 2 * 1024 * 1024) {
      feedback().message.error('图片不能超过 2 MB');
      return;
    }
    uploadAvatar.run(file);
  };

  const update = useAction({ call: updateFrontCustomer, success: '个人资料已保存', invalidates: ACCOUNT_CHANGES });
  const save = (values: ProfileForm) => {
    const parsed = updateCustomerInput.safeParse(values);
    if (!parsed.success) return;
    update.run({ ...parsed.data, nickname: values.nickname ?? '', qq: parsed.data.qq, contact: values.contact ?? '' });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 520 }}
      onFinish={save}
      initialValues={{ nickname: account.nickname, avatar: account.avatar, qq: security.qq, contact: security.contact }}
    >
      <Form.Item label="头像" name="avatar" extra="支持 PNG、JPG、GIF、WebP，不超过 2 MB；上传后点击「保存资料」生效">
        <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <Avatar size={72} src={avatar || DEFAULT_AVATAR} icon={<UserOutlined />} alt="头像预览" />
          <Upload
            accept={IMAGE_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploadAvatar.isPending}>
              上传头像
            </Button>
          </Upload>
        </div>
      </Form.Item>
      <Form.Item label="昵称" name="nickname" rules={[zodRule(shape.nickname)]}>
        <Input placeholder="最多 20 个字符" maxLength={20} showCount />
      </Form.Item>
      <Form.Item label="QQ" name="qq" rules={[zodRule(shape.qq)]}>
        <Input placeholder="QQ 号（选填）" inputMode="numeric" />
      </Form.Item>
      <Form.Item label="联系方式" name="contact" rules={[zodRule(shape.contact)]}>
        <Input placeholder="微信、电话等（选填），供客服联系" maxLength={100} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        保存资料
      </Button>
    </Form>
  );
}
