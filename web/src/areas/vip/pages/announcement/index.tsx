import { useState } from 'react';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { announcementSaveInput, type SiteAnnouncementView } from '@kapu/contract';
import { uploadFile } from '@/api/account';
import { deleteSiteAnnouncement, getSiteAnnouncements, saveSiteAnnouncement } from '@/api/site-office';
import { siteOfficeKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { SanitizedAnnouncementHtml } from '@/components/rich-text';
import { RichTextEditor } from '@/components/rich-text-editor';
import { zodRule } from '@/components/zod-rule';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

// The storefront's .rich-text look, so the draft preview reads as the site's visitors will see it.
const PREVIEW_STYLE =
  'body{margin:12px;font:14px/1.8 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:rgba(0,0,0,.88);word-break:break-word}img{max-width:100%;height:auto}table{border-collapse:collapse}td,th{border:1px solid #e5e5e5;padding:4px 8px}td>p,th>p{margin:0}blockquote{margin:.6em 0;padding-left:12px;border-left:3px solid #d9d9d9;color:rgba(0,0,0,.65)}';
const previewDocument = (html: string) => `<!doctype html><meta charset="utf-8"><style>${PREVIEW_STYLE}</style>${html}`;

interface EditForm {
  title: string;
  content: string;
  pinned: boolean;
  popup: boolean;
  status: 'published' | 'draft';
}

/** 分站公告：本站的公告（富文本 + 预览、置顶、首页弹窗、草稿），只显示在本站店铺。正文保存时由服务端净化。 */
export default function SiteAnnouncementPage() {
  const meta = useRouteMeta();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [form] = Form.useForm<EditForm>();
  const content = Form.useWatch('content', form);
  const list = useQuery({
    queryKey: siteOfficeKeys.announcementList(page),
    queryFn: () => unwrap(getSiteAnnouncements({ page, pageSize: 20 })),
  });
  const saving = useAction({
    call: saveSiteAnnouncement,
    success: '公告已保存',
    invalidates: [siteOfficeKeys.announcements],
    onSuccess: () => setEditing(null),
  });
  const removal = useAction({
    call: deleteSiteAnnouncement,
    success: '已删除',
    invalidates: [siteOfficeKeys.announcements],
  });

  const open = (a?: SiteAnnouncementView) => {
    form.setFieldsValue(
      a
        ? { title: a.title, content: a.content, pinned: a.pinned, popup: a.popup, status: a.status }
        : { title: '', content: '', pinned: false, popup: false, status: 'published' },
    );
    setEditing(a ? { id: a.id } : {});
  };
  const save = async () => {
    const values = await form.validateFields();
    saving.run({ ...values, id: editing?.id });
  };

  return (
    <PageFrame
      title="分站公告"
      description={meta?.description}
      extra={
        <Button type="primary" onClick={() => open()}>
          发布公告
        </Button>
      }
    >
      <Card>
        <Table<SiteAnnouncementView>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: '标题',
              dataIndex: 'title',
              render: (v: string, a) => (
                <span>
                  {a.pinned && <Tag color="red">置顶</Tag>}
                  {a.popup && <Tag color="purple">弹窗</Tag>}
                  {v}
                </span>
              ),
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (v: SiteAnnouncementView['status']) =>
                v === 'published' ? <Tag color="green">已发布</Tag> : <Tag>草稿</Tag>,
            },
            { title: '发布时间', dataIndex: 'createdAt', width: 170 },
            { title: '更新时间', dataIndex: 'updatedAt', width: 170 },
            {
              title: '操作',
              key: 'actions',
              width: 200,
              render: (_v, a) => (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => setPreview(a.content)}>
                    预览
                  </Button>
                  <Button type="link" size="small" onClick={() => open(a)}>
                    编辑
                  </Button>
                  <Popconfirm title="确定删除这条公告吗？" onConfirm={() => removal.confirm(a.id)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={!!editing}
        title={editing?.id ? '编辑公告' : '发布公告'}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={saving.isPending}
        okText="保存"
        width={1000}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item label="标题" name="title" rules={[zodRule(announcementSaveInput.shape.title)]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label="正文"
                name="content"
                rules={[{ required: true, message: '请输入内容' }]}
                extra="支持段落、标题、加粗、列表、链接、图片、表格；脚本与事件属性会在保存时被移除"
              >
                <RichTextEditor
                  ariaLabel="公告正文"
                  placeholder="公告内容"
                  minHeight={260}
                  uploadImage={(file) => unwrap(uploadFile(file)).then((r) => r.url)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Typography.Text strong>预览</Typography.Text>
              {/* The unsaved draft is not sanitised yet: preview it in a sandboxed frame (no scripts, own origin). */}
              <iframe
                title="公告预览"
                sandbox=""
                srcDoc={previewDocument(content || '')}
                style={{
                  width: '100%',
                  height: 420,
                  border: '1px solid #f0f0f0',
                  borderRadius: 6,
                  marginTop: 8,
                  background: '#fff',
                }}
              />
            </Col>
          </Row>
          <Space size={24} wrap>
            <Form.Item label="置顶" name="pinned" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="首页弹窗" name="popup" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="状态" name="status">
              <Select
                style={{ width: 120 }}
                options={[
                  { value: 'published', label: '发布' },
                  { value: 'draft', label: '草稿' },
                ]}
              />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
      <Modal
        open={preview !== null}
        title="公告预览（服务端净化后的内容）"
        onCancel={() => setPreview(null)}
        footer={null}
        width={760}
      >
        {preview !== null && <SanitizedAnnouncementHtml html={preview} />}
      </Modal>
    </PageFrame>
  );
}
