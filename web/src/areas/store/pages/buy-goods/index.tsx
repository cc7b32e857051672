import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Codes, type GoodsDetail, type OrderDetail } from '@kapu/contract';
import { addFavorite, getGoodsDetail, getPriceList, removeFavorite } from '@/api/catalog';
import { createOrder } from '@/api/orders';
import { formatYuan } from '@/app/format';
import { BusinessError } from '@/app/http/envelope';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { Img } from '@/components/img';
import { LoadFailed } from '@/components/load-failed';
import { CaptchaField, useCaptcha } from '@/components/captcha-field';
import { CAPTCHA_CODES } from '@/components/needs-captcha';
import { getUserCaptcha } from '@/api/user';
import { accountQuery } from '@/hooks/use-account';
import { useBuyerKey, useIsMember } from '@/hooks/use-catalog';
import { CONTACT_RULES, contactProblem } from '../../lib/contact';
import { stockText, tierText, unitPriceFor } from '../../lib/price';
import { RestockButton } from './restock-button';
import { firstValidQuantity, quantityHint, quantityProblem } from '../../lib/quantity';
import { rememberOrder } from '../../lib/visitor-orders';
import { RechargeInput } from '../../lib/recharge-input';
import { ShipFields } from '../../lib/ship-fields';
import { OrderResult } from './order-result';
import { BalanceShort, PayChoiceField, type PayChoice } from './pay-choice';
import '@/components/goods-grid.css';
import './buy-goods.css';
import { accountKeys, catalogKeys } from '@/api/keys';
import { useAction } from '@/hooks/use-action';

interface BuyForm {
  quantity: number;
  /** Members: pay from the balance now, or order first and pay online. */
  payBy?: PayChoice;
  salePwd?: string;
  contact?: string;
  queryPassword?: string;
  recharge?: Record<string, string | number>;
  shipName?: string;
  shipPhone?: string;
  shipAddress?: string;
  remark?: string;
  captcha?: string;
}

function LevelPrices({ goods }: { goods: GoodsDetail }) {
  // /chajia's list filtered by name finds this goods' price per level.
  const prices = useQuery({
    queryKey: catalogKeys.levelsOf(goods.id),
    queryFn: () => unwrap(getPriceList({ keyword: goods.name, pageSize: 20 }), { toast: false }),
    staleTime: 60_000,
  });
  const row = prices.data?.list.find((g) => g.id === goods.id);
  if (!row || !prices.data) return null;
  return (
    <Descriptions size="small" column={{ xs: 2, sm: 3 }} title="会员等级价" style={{ marginTop: 8 }}>
      {prices.data.levels.map((l) => (
        <Descriptions.Item key={l.id} label={l.name}>
          {formatYuan(row.prices.find((p) => p.levelId === l.id)?.price ?? goods.basePrice)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** 购买商品：商品详情、价格、数量与下单信息，会员余额支付，游客下单后在线支付。 */
export default function BuyGoodsPage() {
  const [params] = useSearchParams();
  const goodsId = Number(params.get('goodId') ?? params.get('goodsId'));
  const valid = Number.isInteger(goodsId) && goodsId > 0;
  const buyer = useBuyerKey();
  const member = useIsMember();
  // Visitors have no account: asking would end in the -2 session dialog.
  const account = useQuery({ ...accountQuery, enabled: member });
  const navigate = useNavigate();
  const [form] = Form.useForm<BuyForm>();
  const [cover, setCover] = useState(0);
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [shortOfMoney, setShortOfMoney] = useState(false);
  // The unit price the buyer was shown when the server answered PRICE_CHANGED (an owner edited the chain).
  const [movedFrom, setMovedFrom] = useState<number | null>(null);
  // Visitors who already hold unpaid orders are asked for the image captcha by the server.
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const captcha = useCaptcha(getUserCaptcha, needCaptcha);
  const detail = useQuery({
    queryKey: catalogKeys.detail(goodsId, buyer),
    queryFn: () => unwrap(getGoodsDetail(goodsId)),
    enabled: valid,
  });
  const goods = detail.data;
  const quantity = Form.useWatch('quantity', form) ?? (goods ? firstValidQuantity(goods) : 1);
  const quote = useMemo(
    () => (goods ? unitPriceFor(goods.price, goods.wholesale, quantity ?? 1) : null),
    [goods, quantity],
  );
  const total = (quote?.unitPrice ?? 0) * (quantity ?? 0);
  const payBy = Form.useWatch('payBy', form);

  const ordering = useAction({
    call: ({ values, item, unitPrice }: { values: BuyForm; item: NonNullable<typeof goods>; unitPrice: number }) => {
      const withBalance = member && values.payBy === 'balance';
      return createOrder({
        goodsId: item.id,
        quantity: values.quantity,
        // Charged what is shown, or told the price moved (PRICE_CHANGED) — never silently more.
        expectedPrice: unitPrice,
        contact: values.contact?.trim() || undefined,
        queryPassword: values.queryPassword || undefined,
        rechargeInputs: item.rechargeTemplate.length ? JSON.stringify(values.recharge ?? {}) : undefined,
        shipName: values.shipName,
        shipPhone: values.shipPhone,
        shipAddress: values.shipAddress,
        remark: values.remark?.trim() || undefined,
        payBy: withBalance ? 'balance' : undefined,
        salePwd: withBalance ? values.salePwd || undefined : undefined,
        captchaId: needCaptcha ? captcha.captchaId : undefined,
        captcha: needCaptcha ? values.captcha?.trim() || undefined : undefined,
      });
    },
    // Only an order paid at once from the balance says so; an unpaid one shows its result card.
    success: (created, { values }) =>
      member && values.payBy === 'balance' ? (created.status === 'delivered' ? '支付成功，已发货' : '支付成功') : '',
    // Stock and sales counts changed; the balance too when it paid (a no-op refresh otherwise).
    invalidates: [catalogKeys.all, accountKeys.account],
    onSuccess: async (created, { values }) => {
      if (!member)
        await rememberOrder(created, { queryPassword: values.queryPassword, contact: values.contact }).catch(
          () => undefined,
        );
      setOrder(created);
    },
    onError: (err, { unitPrice }) => {
      // The price moved while the buyer looked at it: show the new one and let them decide again.
      if (err instanceof BusinessError && err.code === Codes.PRICE_CHANGED.code) {
        setMovedFrom(unitPrice);
        void detail.refetch();
      }
      // unwrap showed the server's message; a short balance also offers the ways out.
      if (err instanceof BusinessError && err.code === Codes.BALANCE_INSUFFICIENT.code) setShortOfMoney(true);
      if (err instanceof BusinessError && CAPTCHA_CODES.includes(err.code)) {
        form.setFieldValue('captcha', '');
        if (needCaptcha) void captcha.refresh();
        else setNeedCaptcha(true);
      }
    },
  });

  const favoriting = useAction({
    call: (item: { id: number; favorite: boolean }) => (item.favorite ? removeFavorite(item.id) : addFavorite(item.id)),
    success: (_r, item) => (item.favorite ? '已取消收藏' : '已加入收藏'),
    invalidates: [catalogKeys.detailsOf(goodsId)],
  });

  if (!valid)
    return <Result status="404" title="商品不存在" extra={<Link to="/inside/goodsdir">去看看其他商品</Link>} />;
  if (detail.isError) return <LoadFailed title="商品加载失败" onRetry={() => void detail.refetch()} />;
  if (detail.isLoading || !goods) return <Skeleton active paragraph={{ rows: 10 }} />;

  const contactRule = CONTACT_RULES[goods.contactType];
  const onSale = goods.status === 'on_sale';
  const soldOut = goods.stock === 0;
  const mustLogin = !member && !goods.visitorAllowed;

  const submit = (values: BuyForm) => {
    setShortOfMoney(false);
    setMovedFrom(null);
    ordering.run({ values, item: goods, unitPrice: quote?.unitPrice ?? goods.price });
  };

  const images = goods.images.length ? goods.images : [goods.image].filter(Boolean);
  return (
    <PageFrame title={goods.name} description={`${goods.typeText}商品 · 已售 ${goods.soldCount}`}>
      {order ? (
        <OrderResult order={order} member={member} balance={account.data?.balance} onPaid={setOrder} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card>
            <div className="buy-goods-top">
              <div>
                <Img className="buy-goods-cover" src={images[cover]} alt={goods.name} />
                {images.length > 1 && (
                  <div className="buy-goods-thumbs">
                    {images.map((src, i) => (
                      <Img
                        key={src}
                        src={src}
                        alt=""
                        className={i === cover ? 'active' : ''}
                        onClick={() => setCover(i)}
                      />
                    ))}
                  </div>
                )}
              </div>
              <div>
                <Space wrap>
                  <Tag color="blue">{goods.typeText}</Tag>
                  {goods.hot && <Tag color="red">热销</Tag>}
                  {goods.recommended && <Tag color="gold">推荐</Tag>}
                  {!onSale && <Tag>暂停销售</Tag>}
                  {goods.allowRepeal && <Tag color="green">支持卡密撤销</Tag>}
                  {member && (
                    <Button
                      size="small"
                      type="text"
                      icon={goods.favorite ? <HeartFilled style={{ color: '#f5222d' }} /> : <HeartOutlined />}
                      loading={favoriting.isPending}
                      onClick={() => favoriting.run(goods)}
                    >
                      {goods.favorite ? '已收藏' : '收藏'}
                    </Button>
                  )}
                </Space>
                <div className="buy-goods-price">
                  <div>
                    {member ? '您的价格' : '售价'}：
                    <strong data-testid="unit-price">{formatYuan(quote?.unitPrice ?? goods.price)}</strong>
                    {goods.price < goods.basePrice && (
                      <Typography.Text delete type="secondary" style={{ marginLeft: 8 }}>
                        {formatYuan(goods.basePrice)}
                      </Typography.Text>
                    )}
                    {quote?.tier && (
                      <Tag color="orange" style={{ marginLeft: 8 }}>
                        已享批发价（满 {quote.tier} 件）
                      </Tag>
                    )}
                  </div>
                  {goods.faceValue > 0 && <div>面值：{formatYuan(goods.faceValue)}</div>}
                  {goods.wholesale.length > 0 && <div>批发价：{tierText(goods.wholesale)}</div>}
                  <div>
                    库存：{stockText(goods.stock)} · {quantityHint(goods)}
                    {goods.perUserLimit > 0 && ` · 每人限购 ${goods.perUserLimit} 件`}
                  </div>
                </div>
                {movedFrom !== null && (
                  <Alert
                    type="warning"
                    showIcon
                    style={{ marginTop: 12 }}
                    data-testid="price-moved"
                    title="商品价格已变动"
                    description={`单价已由 ${formatYuan(movedFrom)} 变为 ${formatYuan(quote?.unitPrice ?? goods.price)}，请确认新价格后重新下单。`}
                  />
                )}
                <LevelPrices goods={goods} />
                {mustLogin ? (
                  <Result
                    status="info"
                    title="该商品需要登录后购买"
                    extra={
                      <Button
                        type="primary"
                        onClick={() =>
                          navigate(`/login?redirect=${encodeURIComponent(`/inside/buyGoods?goodId=${goods.id}`)}`)
                        }
                      >
                        去登录
                      </Button>
                    }
                  />
                ) : (
                  <Form<BuyForm>
                    form={form}
                    layout="vertical"
                    initialValues={{ quantity: firstValidQuantity(goods) ?? goods.minQuantity, payBy: 'balance' }}
                    onFinish={(v) => void submit(v)}
                    style={{ maxWidth: 520, marginTop: 16 }}
                  >
                    <Form.Item
                      label="购买数量"
                      name="quantity"
                      required
                      rules={[
                        {
                          validator: (_r, v: number) => {
                            const p = quantityProblem(v, goods, goods.stock);
                            return p ? Promise.reject(new Error(p)) : Promise.resolve();
                          },
                        },
                      ]}
                      extra={quote ? `合计 ${formatYuan(quote.unitPrice * (quantity ?? 0))}` : undefined}
                    >
                      <InputNumber
                        min={goods.minQuantity}
                        max={goods.maxQuantity}
                        step={goods.multiple}
                        precision={0}
                        style={{ width: 180 }}
                      />
                    </Form.Item>
                    {goods.rechargeTemplate.map((f) => (
                      <Form.Item
                        key={f.key}
                        label={f.label}
                        name={['recharge', f.key]}
                        rules={f.required ? [{ required: true, message: `请填写${f.label}` }] : []}
                      >
                        <RechargeInput field={f} member={member} />
                      </Form.Item>
                    ))}
                    <Form.Item
                      label={contactRule.label}
                      name="contact"
                      required={!member}
                      rules={[
                        {
                          validator: (_r, v?: string) => {
                            const p = contactProblem(goods.contactType, v, !member);
                            return p ? Promise.reject(new Error(p)) : Promise.resolve();
                          },
                        },
                      ]}
                      extra={member ? '选填，用于接收通知' : '查单时可凭订单号加联系方式查询'}
                    >
                      <Input placeholder={contactRule.placeholder} maxLength={100} />
                    </Form.Item>
                    {!member && (
                      <Form.Item
                        label="查询密码"
                        name="queryPassword"
                        rules={[
                          { required: true, message: '请设置查询密码' },
                          { min: 6, max: 32, message: '查询密码须为 6-32 位' },
                        ]}
                        extra="凭订单号和查询密码在“订单查询”中查看订单和卡密"
                      >
                        <Input.Password placeholder="6-32 位" maxLength={32} />
                      </Form.Item>
                    )}
                    {goods.type === 'physical' && <ShipFields />}
                    <Form.Item
                      label="备注"
                      name="remark"
                      rules={[{ pattern: /^[^<>]*$/, message: '备注不能包含 < 或 > 字符' }]}
                    >
                      <Input maxLength={200} />
                    </Form.Item>
                    {needCaptcha && <CaptchaField captcha={captcha} />}
                    {member && <PayChoiceField balance={account.data?.balance} total={total} choice={payBy} />}
                    {shortOfMoney && payBy === 'balance' && <BalanceShort />}
                    <Button
                      type="primary"
                      size="large"
                      htmlType="submit"
                      loading={ordering.isPending}
                      disabled={!onSale || soldOut}
                    >
                      {soldOut ? '已售罄' : onSale ? '立即购买' : '暂停销售'}
                    </Button>
                    {soldOut && onSale && (
                      <span style={{ marginLeft: 12 }}>
                        <RestockButton goodsId={goods.id} member={member} />
                      </span>
                    )}
                  </Form>
                )}
              </div>
            </div>
          </Card>
          <Card title="商品详情">
            {/* The only raw HTML we render: the server sanitises goods descriptions on save
                (sanitize-html allow-list: no scripts, styles or event attributes; http(s) links only). */}
            <div
              className="description-html"
              dangerouslySetInnerHTML={{ __html: goods.description || '<p>暂无描述</p>' }}
            />
          </Card>
          {goods.wholesale.length > 0 && (
            <Card title="批发价格">
              <Table
                size="small"
                rowKey="minQuantity"
                pagination={false}
                dataSource={goods.wholesale}
                columns={[
                  { title: '起购数量', dataIndex: 'minQuantity', render: (v: number) => `${v} 件及以上` },
                  { title: '单价', dataIndex: 'price', render: (v: number) => formatYuan(v) },
                ]}
              />
            </Card>
          )}
        </Space>
      )}
    </PageFrame>
  );
}
