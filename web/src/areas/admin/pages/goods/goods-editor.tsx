import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  Col,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type AdminDir,
  type Brand,
  CONTACT_TYPES,
  GOODS_STATUSES,
  GOODS_TYPES,
  type GoodsType,
  GoodsTypeLabels,
  type Level,
  RECHARGE_FIELD_TYPES,
  type RechargeField,
} from '@kapu/contract';
import { adminGoodsDetail, adminSaveGoods, adminUploadFile } from '@/api/catalog';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { adminKeys, catalogKeys } from '@/api/keys';
import { fenToYuanText, YUAN_TEXT } from '@/app/yuan';
import { Img } from '@/components/img';
import { RichTextEditor } from '@/components/rich-text-editor';
import { buildGoodsForm, type GoodsEditorValues } from './goods-form';

export const STATUS_LABELS = { on_sale: '在售', paused: '暂停', banned: '禁售' } as const;
const CONTACT_LABELS = { any: '不限', phone: '手机号', email: '邮箱', qq: 'QQ 号' } as const;
const FIELD_LABELS = { text: '文本', number: '数字', select: '下拉选择', image: '图片' } as const;
const yuanRule = { pattern: YUAN_TEXT, message: '金额须为不小于 0 的数字，最多两位小数' };

interface Props {
  goodsId: number | 'new' | null;
  dirs: AdminDir[];
  brands: Brand[];
  levels: Level[];
  onClose: () => void;
  onSaved: () => void;
}

/** The goods editor: every field of goodsSaveInput; money typed in yuan, sent as text. */
export function GoodsEditor({ goodsId, dirs, brands, levels, onClose, onSaved }: Props) {
  const [form] = Form.useForm<GoodsEditorValues>();
  const [loading, setLoading] = useState(false);
  const type = Form.useWatch('type', form) as GoodsType | undefined;
  const images = (Form.useWatch('images', form) as string[] | undefined) ?? [];
  const editing = typeof goodsId === 'number';

  useEffect(() => {
    if (goodsId === null) return;
    form.resetFields();
    if (goodsId === 'new') {
      form.setFieldsValue({
        type: 'card',
        status: 'on_sale',
        contactType: 'any',
        minQuantity: 1,
        maxQuantity: 100,
        multiple: 1,
        perUserLimit: 0,
        sort: 0,
        visitorAllowed: true,
        images: [],
        levelPrices: {},
        wholesale: [],
        rechargeTemplate: [],
      });
      return;
    }
    setLoading(true);
    unwrap(adminGoodsDetail(goodsId))
      .then((g) => {
        form.setFieldsValue({
          ...g,
          brandId: g.brandId ?? undefined,
          faceValue: fenToYuanText(g.faceValue),
          price: fenToYuanText(g.price),
          cost: fenToYuanText(g.cost),
          stock: g.stock ?? undefined,
          levelPrices: Object.fromEntries(g.levelPrices.map((p) => [String(p.levelId), fenToYuanText(p.price)])),
          wholesale: g.wholesale.map((t) => ({ minQuantity: t.minQuantity, price: fenToYuanText(t.price) })),
          rechargeTemplate: g.rechargeTemplate.map((f) => ({ ...f, optionsText: (f.options ?? []).join('\n') })),
        });
      })
      .catch(() => onClose())
      .finally(() => setLoading(false));
  }, [goodsId, form, onClose]);

  const saving = useAction({
    call: adminSaveGoods,
    success: '商品已保存',
    invalidates: [adminKeys.goods, catalogKeys.all],
    onSuccess: () => onSaved(),
  });
  const save = (values: GoodsEditorValues) =>
    saving.run(buildGoodsForm(values, editing ? (goodsId as number) : undefined));

  const uploadDescriptionImage = (file: File) => unwrap(adminUploadFile(file)).then((r) => r.url);

  const dirOptions = dirs
    .filter((d) => d.parentId === null)
    .flatMap((d) => [
      { value: d.id, label: d.name },
      ...dirs.filter((c) => c.parentId === d.id).map((c) => ({ value: c.id, label: `${d.name} / ${c.name}` })),
    ]);

  return (
    <Drawer
      open={goodsId !== null}
      onClose={onClose}
      size={860}
      title={editing ? '编辑商品' : '新增商品'}
      loading={loading}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form<GoodsEditorValues> form={form} layout="vertical" onFinish={(v) => void save(v)} scrollToFirstError>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="商品名称"
              name="name"
              rules={[
                { required: true, message: '请输入商品名称' },
                { max: 100 },
                { pattern: /^[^<>]*$/, message: '不能包含 < 或 >' },
              ]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label="商品类型"
              name="type"
              rules={[{ required: true }]}
              extra={editing ? '创建后不能修改' : undefined}
            >
              <Select disabled={editing} options={GOODS_TYPES.map((t) => ({ value: t, label: GoodsTypeLabels[t] }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="状态" name="status">
              <Select options={GOODS_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="目录" name="dirId" rules={[{ required: true, message: '请选择目录' }]}>
              <Select options={dirOptions} placeholder="选择目录" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="品牌" name="brandId">
              <Select
                allowClear
                options={brands.map((b) => ({ value: b.id, label: b.name }))}
                placeholder="不选则无品牌"
              />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">价格</Divider>
        <Row gutter={16}>
          <Col xs={8}>
            <Form.Item label="售价（元）" name="price" rules={[{ required: true, message: '请输入售价' }, yuanRule]}>
              <Input prefix="¥" />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item
              label="面值（元）"
              name="faceValue"
              rules={[{ required: true, message: '请输入面值' }, yuanRule]}
              initialValue="0"
            >
              <Input prefix="¥" />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item label="成本（元）" name="cost" rules={[yuanRule]}>
              <Input prefix="¥" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text type="secondary">会员等级价（留空则按售价）</Typography.Text>
        <Row gutter={16} style={{ marginTop: 8 }}>
          {levels.map((l) => (
            <Col xs={12} md={6} key={l.id}>
              <Form.Item label={l.name} name={['levelPrices', String(l.id)]} rules={[yuanRule]}>
                <Input prefix="¥" placeholder="按售价" />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Text type="secondary">批发价：买满一定数量后每件的价格</Typography.Text>
        <Form.List name="wholesale">
          {(fields, { add, remove }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'minQuantity']} rules={[{ required: true, message: '起购数量' }]}>
                    <InputNumber min={2} max={100000} precision={0} addonBefore="满" addonAfter="件" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'price']} rules={[{ required: true, message: '批发价' }, yuanRule]}>
                    <Input prefix="¥" addonAfter="/件" style={{ width: 160 }} />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(f.name)}
                    aria-label="删除批发价"
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ minQuantity: 10 })}
                style={{ marginBottom: 16 }}
              >
                添加批发价
              </Button>
            </div>
          )}
        </Form.List>
        <Divider titlePlacement="start">购买规则</Divider>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item label="最少购买" name="minQuantity">
              <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="最多购买" name="maxQuantity">
              <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="购买倍数" name="multiple">
              <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="每人限购（0 不限）" name="perUserLimit">
              <InputNumber min={0} max={1000000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="联系方式要求" name="contactType">
              <Select options={CONTACT_TYPES.map((c) => ({ value: c, label: CONTACT_LABELS[c] }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="排序（小在前）" name="sort">
              <InputNumber min={-100000} max={100000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {type !== 'card' && (
            <Col xs={12} md={6}>
              <Form.Item label="库存（留空不限）" name="stock">
                <InputNumber min={0} max={100000000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Space wrap size={24} style={{ marginBottom: 16 }}>
          <Form.Item name="visitorAllowed" valuePropName="checked" noStyle>
            <Checkbox>允许游客购买</Checkbox>
          </Form.Item>
          <Form.Item name="hot" valuePropName="checked" noStyle>
            <Checkbox>热销</Checkbox>
          </Form.Item>
          <Form.Item name="recommended" valuePropName="checked" noStyle>
            <Checkbox>推荐</Checkbox>
          </Form.Item>
          {type === 'card' && (
            <Form.Item name="loopCard" valuePropName="checked" noStyle>
              <Checkbox>循环卡密（同一卡密可重复售出）</Checkbox>
            </Form.Item>
          )}
          {type === 'card' && (
            <Form.Item name="allowRepeal" valuePropName="checked" noStyle>
              <Checkbox>允许买家申请撤销卡密</Checkbox>
            </Form.Item>
          )}
        </Space>
        {type !== 'card' && (
          <>
            <Divider titlePlacement="start">
              {type === 'recharge' ? '充值模板（买家下单时填写）' : '下单信息（买家下单时填写，选填）'}
            </Divider>
            <Form.List name="rechargeTemplate">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <Row gutter={8} key={f.key} align="top">
                      <Col span={5}>
                        <Form.Item
                          name={[f.name, 'key']}
                          rules={[
                            { required: true, message: '标识' },
                            { pattern: /^[A-Za-z][A-Za-z0-9_]{0,31}$/, message: '字母开头' },
                          ]}
                        >
                          <Input placeholder="标识，如 account" />
                        </Form.Item>
                      </Col>
                      <Col span={5}>
                        <Form.Item name={[f.name, 'label']} rules={[{ required: true, message: '名称' }, { max: 30 }]}>
                          <Input placeholder="名称，如 充值账号" />
                        </Form.Item>
                      </Col>
                      <Col span={4}>
                        <Form.Item name={[f.name, 'type']} initialValue="text">
                          <Select options={RECHARGE_FIELD_TYPES.map((t) => ({ value: t, label: FIELD_LABELS[t] }))} />
                        </Form.Item>
                      </Col>
                      <Col span={5}>
                        <Form.Item noStyle shouldUpdate>
                          {() =>
                            form.getFieldValue(['rechargeTemplate', f.name, 'type']) === 'select' ? (
                              <Form.Item
                                name={[f.name, 'optionsText']}
                                rules={[{ required: true, message: '每行一个选项' }]}
                              >
                                <Input.TextArea rows={2} placeholder="选项，每行一个" />
                              </Form.Item>
                            ) : (
                              <Form.Item name={[f.name, 'placeholder']}>
                                <Input placeholder="提示文字" maxLength={50} />
                              </Form.Item>
                            )
                          }
                        </Form.Item>
                      </Col>
                      <Col span={3}>
                        <Form.Item name={[f.name, 'required']} valuePropName="checked" initialValue>
                          <Switch checkedChildren="必填" unCheckedChildren="选填" />
                        </Form.Item>
                      </Col>
                      <Col span={2}>
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => remove(f.name)}
                          aria-label="删除字段"
                        />
                      </Col>
                    </Row>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ type: 'text', required: true } satisfies Partial<RechargeField>)}
                    style={{ marginBottom: 16 }}
                  >
                    {type === 'recharge' ? '添加充值字段' : '添加下单字段'}
                  </Button>
                </>
              )}
            </Form.List>
          </>
        )}
        <Divider titlePlacement="start">图片与描述</Divider>
        <Form.Item name="images" hidden>
          <Input />
        </Form.Item>
        <Space wrap style={{ marginBottom: 16 }}>
          {images.map((src) => (
            <div key={src} style={{ position: 'relative' }}>
              <Img src={src} style={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 6 }} />
              <Button
                size="small"
                danger
                type="primary"
                icon={<DeleteOutlined />}
                style={{ position: 'absolute', top: 2, right: 2 }}
                onClick={() =>
                  form.setFieldValue(
                    'images',
                    images.filter((i) => i !== src),
                  )
                }
                aria-label="删除图片"
              />
            </div>
          ))}
          {images.length < 10 && (
            <Upload
              accept="image/*"
              showUploadList={false}
              customRequest={({ file, onSuccess, onError }) => {
                unwrap(adminUploadFile(file as Blob))
                  .then((r) => {
                    form.setFieldValue('images', [
                      ...((form.getFieldValue('images') as string[] | undefined) ?? []),
                      r.url,
                    ]);
                    onSuccess?.(r);
                  })
                  .catch((e: Error) => onError?.(e));
              }}
            >
              <Button icon={<UploadOutlined />}>上传图片（最多 10 张）</Button>
            </Upload>
          )}
        </Space>
        <Form.Item label="商品描述" name="description" extra="保存时服务器会移除脚本、事件属性与样式">
          <RichTextEditor
            ariaLabel="商品描述"
            placeholder="商品介绍、使用说明…"
            minHeight={240}
            uploadImage={uploadDescriptionImage}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
