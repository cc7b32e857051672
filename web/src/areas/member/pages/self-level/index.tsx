import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Modal,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { CheckCircleFilled, CrownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { LevelExampleGoods, LevelOffer } from '@kapu/contract';
import { buyLevel, getMyLevels } from '@/api/catalog';
import { accountKeys, catalogKeys, fundsKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useAccount } from '@/hooks/use-account';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { useSalePwdRequired } from '@/hooks/use-sale-pwd';
import './self-level.css';

const STATE_TAGS: Record<Exclude<LevelOffer['state'], 'buyable'>, { color: string; text: string }> = {
  current: { color: 'gold', text: '当前等级' },
  lower: { color: 'default', text: '低于当前等级' },
  notForSale: { color: 'default', text: '暂不出售' },
};

/** Benefits are plain text, one a line. */
const benefitsOf = (description: string) =>
  description
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** 我的等级：查看当前会员等级与各等级的价格优惠，可用余额购买或升级等级。 */
export default function SelfLevelPage() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const [target, setTarget] = useState<LevelOffer | null>(null);
  const [form] = Form.useForm<{ salePwd?: string }>();
  const account = useAccount();
  const salePwd = useSalePwdRequired('balancePay');
  const levels = useQuery({ queryKey: catalogKeys.myLevels, queryFn: () => unwrap(getMyLevels(), { toast: false }) });
  const data = levels.data;
  const balance = account.data?.balance;

  const purchase = useAction({
    call: buyLevel,
    success: (r) => (r.paid > 0 ? `已成为「${r.levelName}」，支付 ${formatYuan(r.paid)}` : `已成为「${r.levelName}」`),
    // New level: new prices everywhere in the store, and a new balance and ledger row.
    invalidates: [catalogKeys.all, accountKeys.account, fundsKeys.ledger],
    onSuccess: () => setTarget(null),
    // A price or level that changed meanwhile: show the member what holds now.
    onError: () => void levels.refetch(),
  });

  const open = (level: LevelOffer) => {
    form.resetFields();
    setTarget(level);
  };
  const cost = target?.cost ?? 0;
  const needsPwd = salePwd.required && cost > 0;
  const short = balance !== undefined && cost > balance;
  const confirm = async () => {
    if (!target) return;
    const values = needsPwd ? await form.validateFields() : {};
    await purchase.act({ levelId: target.id, expectedCost: cost, salePwd: needsPwd ? values.salePwd : undefined });
  };

  if (levels.isError) return <LoadFailed onRetry={() => void levels.refetch()} />;

  const currentPriceOf = (g: LevelExampleGoods) => g.prices.find((p) => p.levelId === data?.current.id)?.price;

  return (
    <PageFrame title="我的等级" description={meta?.description}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card loading={levels.isLoading}>
            <Statistic
              title="当前等级"
              value={data?.current.name || '—'}
              prefix={<CrownOutlined style={{ color: '#faad14' }} />}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card loading={account.isLoading}>
            <Statistic title="账户余额" value={balance === undefined ? '—' : formatYuan(balance)} />
            <Space size="small" style={{ marginTop: 8 }} wrap>
              <Button type="primary" size="small" onClick={() => void navigate('/pay/recharge')}>
                充值
              </Button>
              <Typography.Text type="secondary">
                购买等级从余额扣款{salePwd.required ? '，需要交易密码' : ''}
              </Typography.Text>
            </Space>
          </Card>
        </Col>
      </Row>

      {data && !data.forSale && (
        <Alert type="info" showIcon style={{ marginTop: 16 }} title="本站不出售会员等级" description={data.notice} />
      )}

      {data?.forSale && (
        <>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }} data-testid="level-cards">
            {data.levels.map((l) => {
              const benefits = benefitsOf(l.description);
              const tag = l.state === 'buyable' ? null : STATE_TAGS[l.state];
              const cannotPay = l.cost !== null && balance !== undefined && l.cost > balance;
              return (
                <Col key={l.id} xs={24} md={12} xl={8}>
                  <Card
                    className={`level-card${l.state === 'current' ? ' level-card-current' : ''}`}
                    title={
                      <Space>
                        <CrownOutlined />
                        {l.name}
                      </Space>
                    }
                    extra={tag && <Tag color={tag.color}>{tag.text}</Tag>}
                    data-testid={`level-${l.name}`}
                  >
                    <div className="level-price">
                      {l.price ? formatYuan(l.price) : <Typography.Text type="secondary">不设价格</Typography.Text>}
                    </div>
                    <ul className="level-benefits">
                      {benefits.length === 0 && (
                        <li>
                          <Typography.Text type="secondary">享受该等级的商品价格</Typography.Text>
                        </li>
                      )}
                      {benefits.map((b) => (
                        <li key={b}>
                          <CheckCircleFilled className="level-benefit-icon" />
                          {b}
                        </li>
                      ))}
                    </ul>
                    {l.exampleSaving > 0 && l.state !== 'current' && (
                      <Typography.Paragraph type="success" className="level-saving">
                        下方示例商品各买一件，你在此等级可省 {formatYuan(l.exampleSaving)}
                      </Typography.Paragraph>
                    )}
                    {l.state === 'buyable' && l.cost !== null && (
                      <div className="level-buy">
                        <Typography.Text>
                          {l.price && l.cost < l.price ? '升级需补差价 ' : '需支付 '}
                          <Typography.Text strong>{formatYuan(l.cost)}</Typography.Text>
                        </Typography.Text>
                        {cannotPay ? (
                          <Link to="/pay/recharge">
                            <Button>余额不足，去充值</Button>
                          </Link>
                        ) : (
                          <Button type="primary" onClick={() => open(l)}>
                            {data.levels.some((x) => x.state === 'current' && x.price) ? '升级' : '购买'}
                          </Button>
                        )}
                      </div>
                    )}
                  </Card>
                </Col>
              );
            })}
          </Row>

          <Card title="各等级的商品价格（示例）" style={{ marginTop: 16 }}>
            <Table<LevelExampleGoods>
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.examples}
              locale={{ emptyText: '暂无设置了等级价的商品' }}
              columns={[
                {
                  title: '商品',
                  dataIndex: 'name',
                  render: (name: string, g) => <Link to={`/inside/buyGoods?goodId=${g.id}`}>{name}</Link>,
                },
                ...data.levels.map((l) => ({
                  title: l.state === 'current' ? `${l.name}（当前）` : l.name,
                  key: `level-${l.id}`,
                  align: 'right' as const,
                  render: (_: unknown, g: LevelExampleGoods) => {
                    const price = g.prices.find((p) => p.levelId === l.id)?.price ?? 0;
                    const mine = currentPriceOf(g);
                    return l.state === 'current' ? (
                      <Typography.Text strong>{formatYuan(price)}</Typography.Text>
                    ) : (
                      <Space size={4}>
                        {formatYuan(price)}
                        {mine !== undefined && mine > price && (
                          <Typography.Text type="success">省 {formatYuan(mine - price)}</Typography.Text>
                        )}
                      </Space>
                    );
                  },
                })),
              ]}
            />
          </Card>
        </>
      )}

      <Modal
        open={!!target}
        title={target ? `确认购买「${target.name}」` : ''}
        okText="确认支付"
        onOk={() => void confirm()}
        okButtonProps={{ disabled: short || (needsPwd && salePwd.notSet) }}
        confirmLoading={purchase.isPending}
        onCancel={() => setTarget(null)}
        destroyOnHidden
      >
        {target && (
          <Space orientation="vertical" style={{ width: '100%' }} size="middle">
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label="当前等级">{data?.current.name}</Descriptions.Item>
              <Descriptions.Item label="购买等级">{target.name}</Descriptions.Item>
              <Descriptions.Item label="应付金额">
                <Typography.Text strong>{formatYuan(cost)}</Typography.Text>
                {target.price !== null && cost < target.price && (
                  <Typography.Text type="secondary">
                    （等级价 {formatYuan(target.price)}，已抵扣当前等级价格）
                  </Typography.Text>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="当前余额">
                {balance === undefined ? '—' : formatYuan(balance)}
              </Descriptions.Item>
              {balance !== undefined && !short && (
                <Descriptions.Item label="支付后余额">{formatYuan(balance - cost)}</Descriptions.Item>
              )}
            </Descriptions>
            {short && (
              <Alert type="warning" showIcon title="余额不足" description={<Link to="/pay/recharge">去充值</Link>} />
            )}
            {needsPwd && salePwd.notSet && (
              <Alert
                type="warning"
                showIcon
                title="余额支付需要交易密码"
                description={<Link to="/inside/inter/myaccount">请先设置交易密码</Link>}
              />
            )}
            {needsPwd && !salePwd.notSet && (
              <Form form={form} layout="vertical" onFinish={() => void confirm()}>
                <Form.Item
                  name="salePwd"
                  label="交易密码"
                  style={{ marginBottom: 0 }}
                  rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位数字交易密码' }]}
                >
                  <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" />
                </Form.Item>
              </Form>
            )}
            <Typography.Text type="secondary">购买后立即生效，商品按新等级价格计算。</Typography.Text>
          </Space>
        )}
      </Modal>
    </PageFrame>
  );
}
