import { Button, Card, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { RoundingLabels, ruleValueText, type PriceRuleView } from '@kapu/contract';
import { LoadFailed } from '@/components/load-failed';
import { useSiteRules } from './use-site-rules';

function globalText(rules: PriceRuleView[], none: string) {
  const g = rules.find((r) => r.scope === 'global');
  return g ? (
    <Tag color="red">{ruleValueText(g.kind, g.value)}</Tag>
  ) : (
    <Typography.Text type="secondary">{none}</Typography.Text>
  );
}

function countText(rules: PriceRuleView[]) {
  const n = (scope: PriceRuleView['scope']) => rules.filter((r) => r.scope === scope).length;
  return `价格区间 ${n('range')} 个 · 目录 ${n('dir')} 条 · 单个商品 ${n('goods')} 件`;
}

/** 分站加价规则的概要与入口（会员中心的店铺售价页用）。 */
export function RulesSummary() {
  const rules = useSiteRules();
  const data = rules.data;
  return (
    <Card
      title="分站加价规则"
      extra={
        <Space>
          <Link to="/inside/adjustPrice">调价预览</Link>
          <Link to="/vip/vipGoods">分站商品</Link>
        </Space>
      }
    >
      {rules.isError ? (
        <LoadFailed title="加价规则加载失败" onRetry={() => void rules.refetch()} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="分站">{data.site.title}</Descriptions.Item>
            <Descriptions.Item label="买家售价">
              <Space wrap>
                {globalText(data.buyer, '未设置全局加价（按成本价）')}
                <Typography.Text type="secondary">{countText(data.buyer)}</Typography.Text>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="下级拿货价">
              <Space wrap>
                {globalText(data.child, '未设置（下级按您的成本价拿货）')}
                <Typography.Text type="secondary">{countText(data.child)}</Typography.Text>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="售价取整">{RoundingLabels[data.rounding]}</Descriptions.Item>
          </Descriptions>
          <Link to="/vip/shop">
            <Button type="primary" style={{ marginTop: 8 }}>
              设置加价规则
            </Button>
          </Link>
        </>
      )}
    </Card>
  );
}
