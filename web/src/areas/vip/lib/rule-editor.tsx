import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  PriceAudienceLabels,
  PriceKindLabels,
  PriceScopeLabels,
  type PriceAudience,
  type PriceKind,
  type PriceRuleView,
  type PriceScope,
  type SiteGoodsRow,
} from '@kapu/contract';
import { getSiteDirs, previewSiteGoods, savePriceRule, type PriceRuleForm } from '@/api/site-owner';
import { catalogKeys, siteOwnerKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { fenToYuanText, YUAN_TEXT } from '@/app/yuan';
import { useAction } from '@/hooks/use-action';
import { valueText } from './rule-text';

const PERCENT_TEXT = /^(0|[1-9]\d{0,3})(\.\d{1,2})?$/;

interface EditorValues {
  targetId?: number;
  rangeMin?: string;
  rangeMax?: string;
  kind: PriceKind;
  value: string;
}

export interface RuleEditorTarget {
  audience: PriceAudience;
  scope: PriceScope;
  /** The rule being changed; absent: a new one (a global, directory or goods rule replaces its namesake). */
  rule?: PriceRuleView | null;
  /** A goods rule's goods, with what the owner pays for it. */
  goods?: { id: number; name: string; cost: number };
}

/** The directories a directory rule may name ("游戏点卡 / Steam"). */
export function useDirOptions(enabled: boolean) {
  const dirs = useQuery({ queryKey: siteOwnerKeys.dirs, queryFn: () => unwrap(getSiteDirs()), enabled });
  const list = dirs.data ?? [];
  return list.map((d) => {
    const parent = d.parentId ? list.find((p) => p.id === d.parentId) : undefined;
    const name = (x: typeof d) => x.name ?? x.platformName;
    return { value: d.id, label: parent ? `${name(parent)} / ${name(d)}` : name(d) };
  });
}

/**
 * 加价规则编辑：方式（按比例、固定加价，单个商品还可以固定售价）与数值，价格区间的起止，目录规则的目录；
 * 保存前可以预览几件商品按这条规则的售价（不保存）。
 */
export function RuleEditor({ target, onClose }: { target: RuleEditorTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<EditorValues>();
  const [draft, setDraft] = useState<PriceRuleForm | null>(null);
  const scope = target?.scope ?? 'global';
  const kind = Form.useWatch('kind', form);
  const dirOptions = useDirOptions(scope === 'dir' && target !== null);

  useEffect(() => {
    if (!target) return;
    setDraft(null);
    form.resetFields();
    const r = target.rule;
    form.setFieldsValue(
      r
        ? {
            targetId: r.targetId ?? undefined,
            rangeMin: r.rangeMin === null ? undefined : fenToYuanText(r.rangeMin),
            rangeMax: r.rangeMax === null ? undefined : fenToYuanText(r.rangeMax),
            kind: r.kind,
            value: valueText(r.kind, r.value),
          }
        : { kind: 'percent', value: '' },
    );
  }, [target, form]);

  const toRule = (v: EditorValues): PriceRuleForm => ({
    id: target?.rule?.id,
    audience: target!.audience,
    scope,
    targetId: scope === 'goods' ? target!.goods?.id : scope === 'dir' ? v.targetId : undefined,
    rangeMin: scope === 'range' ? v.rangeMin || '0' : undefined,
    rangeMax: scope === 'range' ? v.rangeMax || undefined : undefined,
    kind: v.kind,
    value: v.value.trim(),
  });

  const previewQuery =
    scope === 'goods' ? { keyword: target?.goods?.name, pageSize: 20 } : { dirId: draft?.targetId, pageSize: 5 };
  const preview = useQuery({
    queryKey: siteOwnerKeys.preview(previewQuery, draft),
    queryFn: () => unwrap(previewSiteGoods(previewQuery, draft!)),
    enabled: draft !== null,
  });
  const previewRows = (preview.data?.list ?? []).filter((g) => scope !== 'goods' || g.id === target?.goods?.id);

  const saving = useAction({
    call: savePriceRule,
    success: '加价规则已保存，店铺售价已更新',
    invalidates: [siteOwnerKeys.all, catalogKeys.all],
    onSuccess: onClose,
  });

  const kinds: PriceKind[] = scope === 'goods' ? ['percent', 'fixed', 'price'] : ['percent', 'fixed'];
  const title = target
    ? `${target.rule ? '修改' : '添加'}${PriceAudienceLabels[target.audience]}规则 · ${PriceScopeLabels[scope]}`
    : '';
  return (
    <Modal
      title={title}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      confirmLoading={saving.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      width={620}
    >
      {target?.goods && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${target.goods.name}：拿货成本 ${formatYuan(target.goods.cost)}`}
          description="售价不能低于成本价；固定售价低于成本时无法保存。"
        />
      )}
      <Form<EditorValues> form={form} layout="vertical" onFinish={(v) => saving.run(toRule(v))}>
        {scope === 'dir' && (
          <Form.Item label="目录" name="targetId" rules={[{ required: true, message: '请选择目录' }]}>
            <Select showSearch optionFilterProp="label" options={dirOptions} placeholder="选择目录" />
          </Form.Item>
        )}
        {scope === 'range' && (
          <Form.Item label="成本价区间（元）" required extra="成本在区间内的商品使用这条规则；终点留空表示不设上限。">
            <Form.Item
              name="rangeMin"
              noStyle
              rules={[{ pattern: YUAN_TEXT, message: '区间起点须为金额，最多两位小数' }]}
            >
              <Input style={{ width: 150 }} placeholder="起点，如 0" prefix="¥" />
            </Form.Item>
            <Typography.Text style={{ margin: '0 8px' }}>至</Typography.Text>
            <Form.Item
              name="rangeMax"
              noStyle
              rules={[{ pattern: YUAN_TEXT, message: '区间终点须为金额，最多两位小数' }]}
            >
              <Input style={{ width: 150 }} placeholder="终点（不含）" prefix="¥" />
            </Form.Item>
          </Form.Item>
        )}
        <Form.Item label="加价方式" name="kind">
          <Radio.Group
            optionType="button"
            options={kinds.map((k) => ({ value: k, label: PriceKindLabels[k] }))}
            onChange={() => setDraft(null)}
          />
        </Form.Item>
        <Form.Item
          label={kind === 'percent' ? '加价比例' : kind === 'fixed' ? '每件加价' : '售价'}
          name="value"
          rules={[
            { required: true, message: '请输入数值' },
            kind === 'percent'
              ? { pattern: PERCENT_TEXT, message: '加价比例须为不小于 0 的数字，最多两位小数' }
              : { pattern: YUAN_TEXT, message: '金额须为不小于 0 的数字，最多两位小数' },
          ]}
          extra={
            kind === 'percent'
              ? '按成本价的百分比加价，例如 10 表示成本 ¥10.00 卖 ¥11.00。'
              : kind === 'fixed'
                ? '在成本价上每件固定加价。'
                : '直接设定这件商品的售价（不能低于成本价）。'
          }
        >
          <Input
            style={{ width: 200 }}
            prefix={kind === 'percent' ? undefined : '¥'}
            suffix={kind === 'percent' ? '%' : '元'}
            placeholder={kind === 'percent' ? '如 10' : '如 1.50'}
          />
        </Form.Item>
        <Button
          onClick={() =>
            void form
              .validateFields()
              .then((v) => setDraft(toRule(v)))
              .catch(() => undefined)
          }
          loading={preview.isFetching}
        >
          预览售价
        </Button>
      </Form>
      {draft && (
        <Table<SiteGoodsRow>
          style={{ marginTop: 16 }}
          size="small"
          rowKey="id"
          pagination={false}
          loading={preview.isFetching}
          dataSource={previewRows}
          locale={{ emptyText: '没有可预览的商品' }}
          columns={[
            { title: '商品', dataIndex: 'name', ellipsis: true },
            { title: '成本价', dataIndex: 'cost', render: (v: number) => formatYuan(v) },
            {
              title: '当前',
              key: 'now',
              render: (_: unknown, g) => formatYuan(target?.audience === 'child' ? g.childPrice : g.price),
            },
            {
              title: '预览',
              key: 'preview',
              render: (_: unknown, g) => (
                <Typography.Text strong type="danger">
                  {g.preview ? formatYuan(g.preview.price) : '—'}
                </Typography.Text>
              ),
            },
            {
              title: '利润',
              key: 'margin',
              render: (_: unknown, g) => (g.preview ? formatYuan(g.preview.margin) : '—'),
            },
          ]}
        />
      )}
    </Modal>
  );
}
