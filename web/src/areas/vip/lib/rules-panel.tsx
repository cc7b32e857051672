import { useState } from 'react';
import { Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  PriceScopeLabels,
  ruleValueText,
  SITE_PRICE_RANGES_MAX,
  type PriceAudience,
  type PriceRuleView,
  type PriceScope,
} from '@kapu/contract';
import { deletePriceRule } from '@/api/site-owner';
import { catalogKeys, siteOwnerKeys } from '@/api/keys';
import { useAction } from '@/hooks/use-action';
import { RuleEditor, type RuleEditorTarget } from './rule-editor';
import { rangeLabel, ruleTarget } from './rule-text';

/** Removing a rule: the goods it priced fall back to the next rule (or the cost). */
export function useDeleteRule() {
  return useAction({
    call: deletePriceRule,
    success: '规则已删除，店铺售价已更新',
    invalidates: [siteOwnerKeys.all, catalogKeys.all],
  });
}

function RuleTable({
  rules,
  onEdit,
  targetTitle,
}: {
  rules: PriceRuleView[];
  onEdit?: (r: PriceRuleView) => void;
  targetTitle: string;
}) {
  const remove = useDeleteRule();
  return (
    <Table<PriceRuleView>
      size="small"
      rowKey="id"
      pagination={rules.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      dataSource={rules}
      locale={{ emptyText: '暂无规则' }}
      columns={[
        {
          title: targetTitle,
          key: 'target',
          render: (_: unknown, r) => (r.scope === 'range' ? rangeLabel(r) : ruleTarget(r)),
        },
        { title: '加价', key: 'value', render: (_: unknown, r) => ruleValueText(r.kind, r.value) },
        {
          title: '操作',
          key: 'op',
          width: 140,
          render: (_: unknown, r) => (
            <Space size={4}>
              {onEdit && (
                <Button type="link" size="small" onClick={() => onEdit(r)}>
                  修改
                </Button>
              )}
              <Popconfirm title="删除这条规则？" onConfirm={() => remove.confirm(r.id)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}

/**
 * 一类对象（买家或下级分站）的加价规则：全局加价、价格区间模板、目录加价与单个商品加价。
 * 同一件商品按 商品 → 目录 → 价格区间 → 全局 的顺序取最具体的一条规则。
 */
export function RulesPanel({ audience, rules }: { audience: PriceAudience; rules: PriceRuleView[] }) {
  const [editing, setEditing] = useState<RuleEditorTarget | null>(null);
  const remove = useDeleteRule();
  const of = (scope: PriceScope) => rules.filter((r) => r.scope === scope);
  const global = of('global')[0];
  const ranges = of('range');
  const edit = (scope: PriceScope, rule?: PriceRuleView) => setEditing({ audience, scope, rule });
  const who = audience === 'buyer' ? '买家' : '下级分站';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title="全局加价"
        extra={
          <Space>
            <Button type="primary" size="small" onClick={() => edit('global', global)}>
              {global ? '修改' : '设置'}
            </Button>
            {global && (
              <Popconfirm
                title="删除全局加价？没有其他规则的商品将按成本价销售。"
                onConfirm={() => remove.confirm(global.id)}
              >
                <Button size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        {global ? (
          <Typography.Text>
            全部商品 <Tag color="red">{ruleValueText(global.kind, global.value)}</Tag>
            （没有更具体规则的商品都按它定价）
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">
            未设置：
            {audience === 'buyer' ? '没有其他规则的商品按成本价卖给买家。' : '下级分站按您的成本价拿货，您不赚取差价。'}
          </Typography.Text>
        )}
      </Card>
      <Card
        size="small"
        title={`价格区间模板（${ranges.length}/${SITE_PRICE_RANGES_MAX}）`}
        extra={
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={ranges.length >= SITE_PRICE_RANGES_MAX}
            onClick={() => edit('range')}
          >
            添加区间
          </Button>
        }
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          按成本价分段加价，例如成本 ¥0–¥10 加价 20%，¥10 以上加价 10%。区间不能重叠。
        </Typography.Paragraph>
        <RuleTable rules={ranges} targetTitle="成本区间" onEdit={(r) => edit('range', r)} />
      </Card>
      <Card
        size="small"
        title="目录加价"
        extra={
          <Button size="small" icon={<PlusOutlined />} onClick={() => edit('dir')}>
            添加目录规则
          </Button>
        }
      >
        <RuleTable rules={of('dir')} targetTitle="目录" onEdit={(r) => edit('dir', r)} />
      </Card>
      <Card
        size="small"
        title={`单个商品加价（${of('goods').length}）`}
        extra={<Link to="/vip/vipGoods">到“分站商品”中逐件设置</Link>}
      >
        {of('goods').length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`还没有为${who}单独定价的商品`} />
        ) : (
          <RuleTable rules={of('goods')} targetTitle={PriceScopeLabels.goods} />
        )}
      </Card>
      <RuleEditor target={editing} onClose={() => setEditing(null)} />
    </Space>
  );
}
