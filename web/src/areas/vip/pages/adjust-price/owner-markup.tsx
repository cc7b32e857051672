import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PriceKindLabels, ruleValueText, type SiteGoodsRow } from '@kapu/contract';
import { getSiteGoods, previewSiteGoods, savePriceRule, type PriceRuleForm } from '@/api/site-owner';
import { catalogKeys, siteOwnerKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { YUAN_TEXT } from '@/app/yuan';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { appliedText, valueText } from '../../lib/rule-text';
import { useSiteRules } from '../../lib/use-site-rules';

const PERCENT_TEXT = /^(0|[1-9]\d{0,3})(\.\d{1,2})?$/;
const PAGE_SIZE = 20;

interface MarkupValues {
  kind: 'percent' | 'fixed';
  value: string;
}

/**
 * 站长的商品调价：全局加价的编辑与预览（先看每件商品按新规则的售价和利润，再保存），
 * 更细的规则（区间、目录、单个商品、下级拿货价）在分站店铺和分站商品中设置。
 */
export function OwnerMarkup() {
  const meta = useRouteMeta();
  const [form] = Form.useForm<MarkupValues>();
  const kind = Form.useWatch('kind', form) ?? 'percent';
  const rules = useSiteRules();
  const global = rules.data?.buyer.find((r) => r.scope === 'global');
  const [draft, setDraft] = useState<PriceRuleForm | null>(null);
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState(1);
  const query = { keyword, page, pageSize: PAGE_SIZE, shelf: 'shown' as const };
  const list = useQuery({
    queryKey: draft ? siteOwnerKeys.preview(query, draft) : siteOwnerKeys.goods(query),
    queryFn: () => unwrap(draft ? previewSiteGoods(query, draft) : getSiteGoods(query)),
    placeholderData: keepPreviousData,
  });
  const toRule = (v: MarkupValues): PriceRuleForm => ({
    audience: 'buyer',
    scope: 'global',
    kind: v.kind,
    value: v.value.trim(),
  });
  const saving = useAction({
    call: savePriceRule,
    success: '全局加价已保存，店铺售价已更新',
    invalidates: [siteOwnerKeys.all, catalogKeys.all],
    onSuccess: () => setDraft(null),
  });
  const site = rules.data?.site;

  return (
    <PageFrame title="商品调价" description={meta?.description}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={site ? `正在为分站「${site.title}」调价` : '分站调价'}
        description={
          <span>
            这里设置所有商品的全局加价并预览售价。价格区间、目录、单个商品的加价与下级拿货价请在{' '}
            <Link to="/vip/shop">分站店铺</Link> 和 <Link to="/vip/vipGoods">分站商品</Link>{' '}
            中设置；售价不会低于成本价。
          </span>
        }
      />
      <Card title="全局加价" style={{ marginBottom: 16 }}>
        <Typography.Paragraph>
          当前：
          {global ? (
            <Tag color="red">{ruleValueText(global.kind, global.value)}</Tag>
          ) : (
            <Typography.Text type="secondary">未设置（没有其他规则的商品按成本价销售）</Typography.Text>
          )}
        </Typography.Paragraph>
        <Form<MarkupValues>
          key={global?.id ?? 'none'}
          form={form}
          layout="inline"
          initialValues={
            global && global.kind !== 'price'
              ? { kind: global.kind, value: valueText(global.kind, global.value) }
              : { kind: 'percent', value: '' }
          }
          onFinish={(v) => saving.run(toRule(v))}
        >
          <Form.Item name="kind">
            <Radio.Group
              optionType="button"
              options={(['percent', 'fixed'] as const).map((k) => ({ value: k, label: PriceKindLabels[k] }))}
              onChange={() => setDraft(null)}
            />
          </Form.Item>
          <Form.Item
            name="value"
            rules={[
              { required: true, message: '请输入数值' },
              kind === 'percent'
                ? { pattern: PERCENT_TEXT, message: '加价比例须为不小于 0 的数字，最多两位小数' }
                : { pattern: YUAN_TEXT, message: '金额须为不小于 0 的数字，最多两位小数' },
            ]}
          >
            <Input
              aria-label="加价数值"
              style={{ width: 160 }}
              prefix={kind === 'fixed' ? '¥' : undefined}
              suffix={kind === 'percent' ? '%' : '元'}
              placeholder={kind === 'percent' ? '如 10' : '如 1.50'}
            />
          </Form.Item>
          <Space>
            <Button
              onClick={() =>
                void form
                  .validateFields()
                  .then((v) => {
                    setDraft(toRule(v));
                    setPage(1);
                  })
                  .catch(() => undefined)
              }
            >
              预览
            </Button>
            <Button type="primary" htmlType="submit" loading={saving.isPending}>
              保存为全局加价
            </Button>
            {draft && <Button onClick={() => setDraft(null)}>取消预览</Button>}
          </Space>
        </Form>
      </Card>
      <Card title={draft ? '预览：按新加价的售价（尚未保存）' : '当前售价'}>
        <Input.Search
          allowClear
          placeholder="搜索商品名称"
          enterButton="查询"
          style={{ maxWidth: 320, marginBottom: 16 }}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(1);
          }}
        />
        <Table<SiteGoodsRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: '商品',
              dataIndex: 'name',
              render: (v: string, r) => <Link to={`/inside/buyGoods?goodId=${r.id}`}>{v}</Link>,
            },
            { title: '成本价', dataIndex: 'cost', render: (v: number) => formatYuan(v) },
            {
              title: '当前售价',
              key: 'price',
              render: (_: unknown, r) => (
                <Space orientation="vertical" size={0}>
                  {formatYuan(r.price)}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {appliedText(r.buyerRule)}
                  </Typography.Text>
                </Space>
              ),
            },
            ...(draft
              ? [
                  {
                    title: '预览售价',
                    key: 'preview',
                    render: (_: unknown, r: SiteGoodsRow) => (
                      <Typography.Text strong type="danger">
                        {r.preview ? formatYuan(r.preview.price) : '—'}
                      </Typography.Text>
                    ),
                  },
                  {
                    title: '预览利润',
                    key: 'previewMargin',
                    render: (_: unknown, r: SiteGoodsRow) => (r.preview ? formatYuan(r.preview.margin) : '—'),
                  },
                ]
              : [{ title: '利润', dataIndex: 'margin', render: (v: number) => formatYuan(v) }]),
          ]}
        />
      </Card>
    </PageFrame>
  );
}
