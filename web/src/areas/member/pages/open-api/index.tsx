import { useState } from 'react';
import { Button, Card, Collapse, Form, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OPENAPI_SKEW_SECONDS, type OpenApiCallView, type OpenApiTryAnswer } from '@kapu/contract';
import { getOpenApiCalls, getOpenApiKeys, tryOpenApi } from '@/api/openapi';
import { openApiKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { KeysTab } from './keys-tab';
import { CODE_ROWS, DECRYPT_EXAMPLES, ENDPOINTS, RETRY_TEXT, SIGN_EXAMPLES, STATUS_ROWS } from './docs-text';

const pre = {
  background: '#f6f8fa',
  padding: 12,
  borderRadius: 6,
  overflowX: 'auto',
  fontSize: 12,
  margin: 0,
} as const;

/** 调用日志：时间、密钥、接口、IP、结果码、耗时（不含请求内容与密钥）。 */
function CallsTab() {
  const [appId, setAppId] = useState<string>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const keys = useQuery({ queryKey: openApiKeys.keys, queryFn: () => unwrap(getOpenApiKeys()) });
  const calls = useQuery({
    queryKey: openApiKeys.calls({ appId, page, pageSize }),
    queryFn: () => unwrap(getOpenApiCalls({ appId, page, pageSize })),
    placeholderData: keepPreviousData,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          allowClear
          placeholder="全部密钥"
          style={{ width: 260 }}
          value={appId}
          onChange={(v) => {
            setAppId(v);
            setPage(1);
          }}
          options={(keys.data ?? []).map((k) => ({ value: k.appId, label: `${k.name}（${k.appId}）` }))}
        />
        <Button onClick={() => void calls.refetch()}>刷新</Button>
      </Space>
      <Table<OpenApiCallView>
        rowKey="id"
        loading={calls.isFetching}
        dataSource={calls.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '还没有调用记录' }}
        pagination={{
          current: page,
          pageSize,
          total: calls.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={[
          { title: '时间', dataIndex: 'at' },
          { title: 'AppID', dataIndex: 'appId' },
          { title: '接口', dataIndex: 'path', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: 'IP', dataIndex: 'ip' },
          {
            title: '结果码',
            dataIndex: 'code',
            render: (v: number) => <Tag color={v === 1000 ? 'green' : 'red'}>{v}</Tag>,
          },
          { title: '耗时', dataIndex: 'ms', render: (v: number) => `${v} ms` },
        ]}
      />
    </Space>
  );
}

/** 接口文档：请求与签名、每个接口、状态码、订单状态、回调与解密。 */
function DocsTab() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title="请求方式">
        <Typography.Paragraph>
          所有接口均为 <Typography.Text code>POST {origin}/openapi/接口路径</Typography.Text>，请求体为 UTF-8
          JSON，应答为 <Typography.Text code>{'{code, msg, data}'}</Typography.Text>（HTTP 状态码恒为 200），code 为
          1000 表示成功。金额单位为元（两位小数）。
        </Typography.Paragraph>
        <Typography.Paragraph>请求头：</Typography.Paragraph>
        <ul>
          <li>
            <Typography.Text code>X-APP-ID</Typography.Text>：密钥的 AppID
          </li>
          <li>
            <Typography.Text code>X-Version</Typography.Text>：固定为 3.0
          </li>
          <li>
            <Typography.Text code>X-Timestamp</Typography.Text>：10 位秒级时间戳，与服务器时间相差不得超过{' '}
            {OPENAPI_SKEW_SECONDS} 秒
          </li>
          <li>
            <Typography.Text code>X-Signature</Typography.Text>：md5(AppID + AppSecret + 版本 + 时间戳 + 请求体原文)，32
            位小写
          </li>
        </ul>
        <Typography.Paragraph type="secondary">
          同一签名在时间窗口内只能使用一次（重放会被拒绝，code 2406）；密钥设置了 IP 白名单时只接受白名单内的来源；每个
          AppID 每分钟最多 600 次调用。
        </Typography.Paragraph>
        <Tabs
          size="small"
          items={SIGN_EXAMPLES.map((e) => ({ key: e.lang, label: e.lang, children: <pre style={pre}>{e.code}</pre> }))}
        />
      </Card>
      <Card size="small" title="接口列表">
        <Collapse
          items={ENDPOINTS.map((e) => ({
            key: e.path,
            label: (
              <Space>
                <Typography.Text code>{e.path}</Typography.Text>
                {e.title}
                <Tag>{e.scope}</Tag>
              </Space>
            ),
            children: (
              <>
                {e.fields.length ? (
                  <Table
                    size="small"
                    pagination={false}
                    rowKey={(r) => r[0]}
                    dataSource={e.fields}
                    columns={[
                      { title: '参数', render: (_: unknown, r) => <Typography.Text code>{r[0]}</Typography.Text> },
                      { title: '类型', render: (_: unknown, r) => r[1] },
                      { title: '说明', render: (_: unknown, r) => r[2] },
                    ]}
                  />
                ) : (
                  <Typography.Paragraph type="secondary">无参数，请求体为 {'{}'}</Typography.Paragraph>
                )}
                <Typography.Paragraph style={{ marginTop: 8 }}>返回 data：{e.answer}</Typography.Paragraph>
              </>
            ),
          }))}
        />
      </Card>
      <Card size="small" title="订单状态 status">
        <Space wrap>
          {STATUS_ROWS.map((s) => (
            <Tag key={s.code}>
              {s.code} {s.label}
            </Tag>
          ))}
        </Space>
      </Card>
      <Card size="small" title="订单回调">
        <Typography.Paragraph>
          下单时传入 notifyUrl，订单付款、发货、退款等变化时，系统向该地址 POST
          订单对象（JSON，签名请求头同上，用该密钥的 AppSecret 签名）； 其中 cards 为卡密数组的 JSON 经
          AES-256-ECB（PKCS7 填充）加密后的 Base64，密钥为 AppSecret 的 md5 值（32 位小写十六进制字符串，按 32
          字节使用）。 接收方处理成功后应答纯文本 <Typography.Text code>ok</Typography.Text>；否则依次在 {RETRY_TEXT}{' '}
          后重试。
        </Typography.Paragraph>
        <Typography.Paragraph>
          商品推送：为密钥设置“商品推送地址”后，您可购买的商品价格、状态或库存变化时，系统向该地址 POST{' '}
          <Typography.Text code>{'{goodsId, price, status, stock}'}</Typography.Text>
          （签名同上，同一商品几秒内的多次变化合并为一次）。
        </Typography.Paragraph>
        <Tabs
          size="small"
          items={DECRYPT_EXAMPLES.map((e) => ({
            key: e.lang,
            label: e.lang,
            children: <pre style={pre}>{e.code}</pre>,
          }))}
        />
      </Card>
      <Card size="small" title="结果码">
        <Table
          size="small"
          rowKey="code"
          pagination={false}
          dataSource={CODE_ROWS}
          columns={[
            { title: 'code', dataIndex: 'code', width: 90 },
            { title: '说明', dataIndex: 'msg' },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          业务失败（如余额不足、库存不足）返回对应业务码与中文说明，以 msg 为准。
        </Typography.Paragraph>
      </Card>
    </Space>
  );
}

/** 在线调试：服务器用所选密钥签名后调用接口，浏览器不接触密钥。 */
function TesterTab() {
  const keys = useQuery({ queryKey: openApiKeys.keys, queryFn: () => unwrap(getOpenApiKeys()) });
  const [result, setResult] = useState<OpenApiTryAnswer | null>(null);
  const [form] = Form.useForm<{ appId: string; path: string; body: string }>();
  const send = useAction({
    call: (v: { appId: string; path: string; body: string }) => tryOpenApi(v),
    onSuccess: (r) => setResult(r),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ path: 'goods/getList', body: '{"page":1}' }}
        onFinish={send.run}
        style={{ maxWidth: 640 }}
      >
        <Form.Item label="签名密钥" name="appId" rules={[{ required: true, message: '请选择密钥' }]}>
          <Select
            placeholder="选择用于签名的密钥"
            options={(keys.data ?? []).map((k) => ({ value: k.appId, label: `${k.name}（${k.appId}）` }))}
          />
        </Form.Item>
        <Form.Item label="接口" name="path" rules={[{ required: true, message: '请选择接口' }]}>
          <Select showSearch options={ENDPOINTS.map((e) => ({ value: e.path, label: `${e.path}（${e.title}）` }))} />
        </Form.Item>
        <Form.Item label="请求体（JSON）" name="body">
          <Input.TextArea rows={5} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          签名并发送
        </Button>
      </Form>
      {result && (
        <Card size="small" title="调用结果" data-testid="open-api-try-result">
          <Typography.Paragraph type="secondary">请求头（服务器已用密钥签名，密钥本身不返回）：</Typography.Paragraph>
          <pre style={pre}>{JSON.stringify(result.request.headers, null, 2)}</pre>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            应答：
          </Typography.Paragraph>
          <pre style={pre}>{JSON.stringify(result.answer, null, 2)}</pre>
        </Card>
      )}
    </Space>
  );
}

/** 开放接口：密钥管理、调用日志、接口文档与在线调试。 */
export default function OpenApiPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="开放接口" description={meta?.description}>
      <Card>
        <Tabs
          items={[
            { key: 'keys', label: '密钥管理', children: <KeysTab /> },
            { key: 'calls', label: '调用日志', children: <CallsTab /> },
            { key: 'docs', label: '接口文档', children: <DocsTab /> },
            { key: 'try', label: '在线调试', children: <TesterTab /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
