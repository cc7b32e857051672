import { useState } from 'react';
import { App, Button, Empty, Form, Input, InputNumber, Modal, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ServiceReplyView } from '@kapu/contract';
import { deleteServiceReply, saveServiceReply, serviceReplies, type ServiceReplyForm } from '@/api/service';
import { serviceKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { LoadFailed } from '@/components/load-failed';
import { useAction } from '@/hooks/use-action';

/** 常用回复：客服回复咨询时一键插入的预设答复。 */
export function DeskReplies() {
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<ServiceReplyView | 'new' | null>(null);
  const [form] = Form.useForm<ServiceReplyForm>();
  const replies = useQuery({ queryKey: serviceKeys.replies, queryFn: () => unwrap(serviceReplies()) });
  const saving = useAction({
    call: saveServiceReply,
    success: '已保存',
    invalidates: [serviceKeys.replies],
    onSuccess: () => setEditing(null),
  });
  const deleting = useAction({ call: deleteServiceReply, success: '已删除', invalidates: [serviceKeys.replies] });
  if (replies.isError) return <LoadFailed title="常用回复加载失败" onRetry={() => void replies.refetch()} />;
  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setEditing('new')}>
        新增常用回复
      </Button>
      <Table<ServiceReplyView>
        rowKey="id"
        loading={replies.isFetching}
        dataSource={replies.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="还没有常用回复：把常见问题的答复存下来，回复咨询时可直接插入" /> }}
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '内容', dataIndex: 'body', ellipsis: true },
          { title: '排序', dataIndex: 'sort', width: 80 },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, r) => (
              <>
                <Button size="small" type="link" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: '删除常用回复',
                      content: `删除「${r.title}」？`,
                      onOk: () => deleting.confirm(r.id),
                    })
                  }
                >
                  删除
                </Button>
              </>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增常用回复' : '编辑常用回复'}
        okText="保存"
        confirmLoading={saving.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={editing && editing !== 'new' ? editing : { sort: 0 }}
          onFinish={(v) => saving.run({ ...v, id: editing && editing !== 'new' ? editing.id : undefined })}
        >
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item
            name="body"
            label="回复内容"
            rules={[{ required: true, whitespace: true, message: '请填写回复内容' }]}
          >
            <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
