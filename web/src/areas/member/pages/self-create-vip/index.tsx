import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Result,
  Row,
  Segmented,
  Select,
  Space,
  InputNumber,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import {
  SITE_PATH_REGEX,
  SitePeriodLabels,
  type MySiteView,
  type SiteOpenOptions,
  type SiteOpenRequestView,
  type SitePeriod,
  type SitePurchaseAnswer,
  type SiteVersionOffer,
} from '@kapu/contract';
import {
  cancelSiteOpenRequest,
  checkSitePath,
  getSiteOptions,
  getSitePurchases,
  openSite,
  openSiteOnline,
  quoteSiteUpgrade,
  renewSite,
  upgradeSite,
} from '@/api/sites';
import { accountKeys, shellKeys, siteKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { fenToYuanText } from '@/app/yuan';
import { PageFrame } from '@/components/page-frame';
import { useAccount } from '@/hooks/use-account';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { FeatureList, PeriodPrices, SiteAddress, SiteStatusTag, soldPeriods } from '@/areas/vip/lib/site-view';
import '@/areas/vip/lib/site-view.css';

const refreshAfterPurchase = [siteKeys.all, accountKeys.account, shellKeys.area('member')];

/** A short wait after typing stops, so the path check does not run on every key. */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What the member still needs to pay in: paying it online opens the site as soon as it arrives. */
function Shortfall({ price, balance }: { price: number; balance: number | undefined }) {
  if (balance === undefined || balance >= price) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={`余额不足，还差 ${formatYuan(price - balance)}`}
      description="可以直接在线支付差额：开通信息会先保存，支付到账后分站自动开通，无需回到本页再操作。"
    />
  );
}

/** An opening saved while the member pays the shortfall online: waiting, or refused when the money came. */
function OpenRequestPanel({ request }: { request: SiteOpenRequestView }) {
  const cancelling = useAction({
    call: cancelSiteOpenRequest,
    success: '已取消',
    invalidates: [siteKeys.all],
  });
  if (request.status === 'done' || request.status === 'cancelled') return null;
  const missing = request.status === 'waiting';
  return (
    <Alert
      type={request.status === 'failed' ? 'error' : request.status === 'expired' ? 'warning' : 'info'}
      showIcon
      title={`在线支付开通：${request.title}（/${request.path}，${request.versionName}）— ${request.statusText}`}
      description={
        request.reason ||
        (missing
          ? `支付到账后自动开通（应付 ${formatYuan(request.price)}，从余额扣除）。如果已经支付，请稍候，本页会自动刷新。`
          : request.status === 'expired'
            ? '开通信息已超过 24 小时未支付，请重新填写。'
            : '')
      }
      action={
        <Button size="small" loading={cancelling.isPending} onClick={() => cancelling.run(undefined)}>
          {missing ? '取消' : '重新填写'}
        </Button>
      }
    />
  );
}

function SalePwdField({ required }: { required: boolean }) {
  if (!required) return null;
  return (
    <Form.Item
      name="salePwd"
      label="交易密码"
      rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位数字交易密码' }]}
    >
      <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" style={{ maxWidth: 240 }} />
    </Form.Item>
  );
}

interface OpenForm {
  title: string;
  path: string;
  markupPercent: number;
  salePwd?: string;
}

/** Versions as cards, then name, path (checked as typed) and payment. */
function OpenSitePanel({ options, onOpened }: { options: SiteOpenOptions; onOpened: (a: SitePurchaseAnswer) => void }) {
  const account = useAccount();
  const [form] = Form.useForm<OpenForm>();
  const [picked, setPicked] = useState<SiteVersionOffer | undefined>(options.versions[0]);
  const periods = picked ? soldPeriods(picked.prices) : [];
  const [period, setPeriod] = useState<SitePeriod | undefined>(periods[0]);
  const current = period && periods.includes(period) ? period : periods[0];
  const price = picked && current ? (picked.prices[current] ?? 0) : 0;
  const typed = (Form.useWatch('path', form) ?? '').trim().toLowerCase();
  const path = useSettled(typed);
  const pathCheck = useQuery({
    queryKey: siteKeys.pathCheck(path),
    queryFn: () => unwrap(checkSitePath(path), { toast: false }),
    enabled: SITE_PATH_REGEX.test(path),
  });
  const opening = useAction({
    call: openSite,
    success: '分站开通成功',
    invalidates: refreshAfterPurchase,
    onSuccess: (a) => onOpened(a),
  });
  const navigate = useNavigate();
  // Paying online: the choice is saved first, then the shortfall is recharged; the site opens on arrival.
  const payingOnline = useAction({
    call: openSiteOnline,
    invalidates: [siteKeys.all],
    onSuccess: (a) =>
      navigate(`/pay/recharge?amount=${fenToYuanText(a.shortfall)}&next=${encodeURIComponent('/inside/selfCreatVip')}`),
  });
  const short = account.data !== undefined && account.data.balance < price;

  if (options.versions.length === 0) return <Empty description="平台暂未提供可开通的分站版本" />;
  const submit = (v: OpenForm) => {
    if (!picked || !current) return;
    if (short) {
      payingOnline.run({
        versionId: picked.id,
        period: current,
        title: v.title.trim(),
        path: v.path.trim().toLowerCase(),
        markupPercent: v.markupPercent,
      });
      return;
    }
    opening.run({
      versionId: picked.id,
      period: current,
      title: v.title.trim(),
      path: v.path.trim().toLowerCase(),
      markupPercent: v.markupPercent,
      salePwd: v.salePwd,
    });
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        {options.versions.map((v) => (
          <Col key={v.id} xs={24} md={12} xl={8}>
            <Card
              hoverable
              className={`site-version-card${picked?.id === v.id ? ' site-version-picked' : ''}`}
              title={v.name}
              extra={picked?.id === v.id ? <Typography.Text type="success">已选择</Typography.Text> : null}
              onClick={() => setPicked(v)}
              data-testid={`site-version-${v.id}`}
            >
              <PeriodPrices prices={v.prices} />
              {v.description && (
                <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                  {v.description}
                </Typography.Paragraph>
              )}
              <FeatureList features={v.features} />
              {v.levelName && <Typography.Text type="secondary">站长享受「{v.levelName}」进货价</Typography.Text>}
            </Card>
          </Col>
        ))}
      </Row>
      {picked && (
        <Card title={`开通「${picked.name}」`}>
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 560 }}>
            <Form.Item label="开通时长">
              <Segmented
                value={current}
                onChange={(v) => setPeriod(v as SitePeriod)}
                options={periods.map((p) => ({
                  value: p,
                  label: `${SitePeriodLabels[p]} ${formatYuan(picked.prices[p]!)}`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="title"
              label="分站名称"
              rules={[
                { required: true, whitespace: true, message: '请填写分站名称' },
                { max: 50, message: '分站名称不能超过 50 个字符' },
              ]}
            >
              <Input maxLength={50} placeholder="如：小明数码卡券" />
            </Form.Item>
            <Form.Item
              name="path"
              label="访问路径"
              extra={
                typed && SITE_PATH_REGEX.test(typed) && pathCheck.data && path === typed ? (
                  pathCheck.data.available ? (
                    <Typography.Text type="success">可以使用：{`${window.location.host}/${typed}/`}</Typography.Text>
                  ) : (
                    <Typography.Text type="danger">{pathCheck.data.reason}</Typography.Text>
                  )
                ) : (
                  '3-32 位小写字母、数字或短横线，开通后访问地址为 域名/路径/'
                )
              }
              rules={[
                { required: true, whitespace: true, message: '请填写访问路径' },
                {
                  validator: (_r, v: string) =>
                    !v || SITE_PATH_REGEX.test(v.trim().toLowerCase())
                      ? Promise.resolve()
                      : Promise.reject(
                          new Error('访问路径须为 3-32 位小写字母、数字或短横线，且不能以短横线开头或结尾'),
                        ),
                },
              ]}
            >
              <Input addonBefore={`${window.location.host}/`} maxLength={32} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="markupPercent"
              label="默认加价"
              initialValue={10}
              extra="开通后商品按「进货价 × (1 + 加价比例)」出售，可随时在「分站管理 › 加价设置」按目录、商品或价格区间细调"
              rules={[{ required: true, message: '请填写默认加价比例' }]}
            >
              <InputNumber min={0} max={1000} precision={0} addonAfter="%" style={{ width: 200 }} />
            </Form.Item>
            <SalePwdField required={options.salePwdRequired && !short} />
            <Space size="large" align="center" style={{ marginBottom: 16 }}>
              <Statistic title="应付金额" value={formatYuan(price)} />
              <Statistic
                title="账户余额"
                value={account.data ? formatYuan(account.data.balance) : '—'}
                loading={account.isLoading}
              />
            </Space>
            <Shortfall price={price} balance={account.data?.balance} />
            <Button
              type="primary"
              htmlType="submit"
              loading={opening.isPending || payingOnline.isPending}
              disabled={!options.canOpen || account.data === undefined}
            >
              {short ? `在线支付 ${formatYuan(price - account.data!.balance)} 并开通` : '余额支付并开通'}
            </Button>
          </Form>
        </Card>
      )}
    </Space>
  );
}

/** Renew: the current version for another period. */
function RenewModal({
  site,
  offer,
  salePwdRequired,
  onClose,
}: {
  site: MySiteView;
  offer: SiteVersionOffer | undefined;
  salePwdRequired: boolean;
  onClose: () => void;
}) {
  const account = useAccount();
  const [form] = Form.useForm<{ salePwd?: string }>();
  const periods = offer ? soldPeriods(offer.prices) : [];
  const [period, setPeriod] = useState<SitePeriod | undefined>(
    site.period && periods.includes(site.period) ? site.period : periods[0],
  );
  const price = offer && period ? (offer.prices[period] ?? 0) : 0;
  const renewing = useAction({
    call: renewSite,
    success: '续费成功',
    invalidates: refreshAfterPurchase,
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={`续费「${site.title}」`}
      okText="余额支付续费"
      cancelText="取消"
      confirmLoading={renewing.isPending}
      okButtonProps={{ disabled: !period || (account.data !== undefined && account.data.balance < price) }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {!offer ? (
        <Alert type="warning" showIcon title="当前版本已停止销售，请选择升级到其他版本" />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => period && renewing.run({ period, salePwd: v.salePwd })}>
          <Form.Item
            label="续费时长"
            extra={site.expiresAt ? `从 ${site.expiresAt} 起顺延（已到期的从今天算起）` : undefined}
          >
            <Segmented
              value={period}
              onChange={(v) => setPeriod(v as SitePeriod)}
              options={periods.map((p) => ({
                value: p,
                label: `${SitePeriodLabels[p]} ${formatYuan(offer.prices[p]!)}`,
              }))}
            />
          </Form.Item>
          <SalePwdField required={salePwdRequired} />
          <Shortfall price={price} balance={account.data?.balance} />
        </Form>
      )}
    </Modal>
  );
}

/** Upgrade: a higher version; the rest of the current period is credited pro rata. */
function UpgradeModal({
  site,
  versions,
  salePwdRequired,
  onClose,
}: {
  site: MySiteView;
  versions: SiteVersionOffer[];
  salePwdRequired: boolean;
  onClose: () => void;
}) {
  const account = useAccount();
  const [form] = Form.useForm<{ salePwd?: string }>();
  const higher = versions.filter((v) => v.sort > site.versionSort);
  const [versionId, setVersionId] = useState<number | undefined>(higher[0]?.id);
  const target = higher.find((v) => v.id === versionId);
  const periods = target ? soldPeriods(target.prices) : [];
  const [period, setPeriod] = useState<SitePeriod | undefined>(periods[0]);
  const current = period && periods.includes(period) ? period : periods[0];
  const quote = useQuery({
    queryKey: siteKeys.quote(versionId, current ?? ''),
    queryFn: () => unwrap(quoteSiteUpgrade({ versionId: versionId!, period: current! })),
    enabled: versionId !== undefined && current !== undefined,
  });
  const upgrading = useAction({
    call: upgradeSite,
    success: '升级成功',
    invalidates: refreshAfterPurchase,
    onSuccess: onClose,
  });
  const charge = quote.data?.charge ?? 0;
  return (
    <Modal
      open
      title={`升级「${site.title}」`}
      okText="余额支付升级"
      cancelText="取消"
      confirmLoading={upgrading.isPending}
      okButtonProps={{ disabled: !quote.data || (account.data !== undefined && account.data.balance < charge) }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {higher.length === 0 ? (
        <Alert type="info" showIcon title="你已经是最高版本" />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => versionId && current && upgrading.run({ versionId, period: current, salePwd: v.salePwd })}
        >
          <Form.Item label="升级到">
            <Select
              value={versionId}
              onChange={(v: number) => setVersionId(v)}
              options={higher.map((v) => ({ value: v.id, label: v.name }))}
            />
          </Form.Item>
          {target && (
            <Form.Item label="开通时长">
              <Segmented
                value={current}
                onChange={(v) => setPeriod(v as SitePeriod)}
                options={periods.map((p) => ({
                  value: p,
                  label: `${SitePeriodLabels[p]} ${formatYuan(target.prices[p]!)}`,
                }))}
              />
            </Form.Item>
          )}
          {quote.data && (
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="新版本价格">{formatYuan(quote.data.price)}</Descriptions.Item>
              <Descriptions.Item label="剩余时长抵扣">-{formatYuan(quote.data.credit)}</Descriptions.Item>
              <Descriptions.Item label="应付">
                <Typography.Text strong>{formatYuan(quote.data.charge)}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="升级后到期">{quote.data.expiresAt ?? '永久'}</Descriptions.Item>
            </Descriptions>
          )}
          <SalePwdField required={salePwdRequired} />
          <Shortfall price={charge} balance={account.data?.balance} />
        </Form>
      )}
    </Modal>
  );
}

function PurchaseHistory() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: siteKeys.purchases(page),
    queryFn: () => unwrap(getSitePurchases(page, 10)),
    placeholderData: keepPreviousData,
  });
  return (
    <Table
      rowKey="purchaseNo"
      size="small"
      loading={list.isFetching}
      dataSource={list.data?.list ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: '时间', dataIndex: 'createdAt', width: 170 },
        { title: '类型', dataIndex: 'kindText' },
        { title: '版本', dataIndex: 'versionName' },
        { title: '时长', dataIndex: 'periodText' },
        { title: '价格', dataIndex: 'price', render: (v: number) => formatYuan(v) },
        { title: '抵扣', dataIndex: 'credit', render: (v: number) => (v ? formatYuan(v) : '—') },
        { title: '实付', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
        { title: '到期时间', dataIndex: 'expiresAfter', render: (v: string | null) => v ?? '永久' },
      ]}
    />
  );
}

/** The owner's site: state, time left, renew and upgrade, and the purchases made. */
function MySitePanel({ options }: { options: SiteOpenOptions }) {
  const site = options.mySite!;
  const [modal, setModal] = useState<'renew' | 'upgrade' | null>(null);
  const offer = options.versions.find((v) => v.id === site.versionId);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {site.status === 'expired' && (
        <Alert
          type="error"
          showIcon
          title="分站已到期关闭"
          description="买家访问时看到的是关闭页，数据仍然保留；续费后立即恢复。"
        />
      )}
      {site.inGrace && (
        <Alert
          type="warning"
          showIcon
          title="分站已到期，处于宽限期"
          description={`宽限期至 ${site.graceEndsAt}，之后分站将关闭，请及时续费。`}
        />
      )}
      {site.status === 'suspended' && (
        <Alert
          type="error"
          showIcon
          title="分站已被平台暂停"
          description={site.closedReason || '请联系客服了解详情。'}
        />
      )}
      <Card
        title="我的分站"
        extra={
          <Space>
            <Button
              onClick={() => setModal('renew')}
              disabled={site.period === 'forever' || site.status === 'suspended'}
            >
              续费
            </Button>
            <Button type="primary" onClick={() => setModal('upgrade')} disabled={site.status === 'suspended'}>
              升级版本
            </Button>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label="分站名称">{site.title}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <SiteStatusTag status={site.status} text={site.statusText} />
          </Descriptions.Item>
          <Descriptions.Item label="版本">
            {site.versionName || '—'}{' '}
            {site.periodText && <Typography.Text type="secondary">（{site.periodText}）</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label="到期时间">
            {site.expiresAt === null ? '永久有效' : `${site.expiresAt}（剩余 ${site.daysLeft} 天）`}
          </Descriptions.Item>
          <Descriptions.Item label="访问地址" span={2}>
            <Space orientation="vertical" size={0}>
              {site.addresses.map((a) => (
                <SiteAddress key={a} address={a} />
              ))}
            </Space>
          </Descriptions.Item>
        </Descriptions>
        <Space style={{ marginTop: 16 }} wrap>
          <Link to="/vip/vipWebSite">分站设置</Link>
          <Link to="/vip/pagePath">访问路径与域名</Link>
          {site.features.maxChildren > 0 && <Link to="/vip/vipVersionMoney">下级版本价格</Link>}
        </Space>
      </Card>
      <Card title="开通与续费记录">
        <PurchaseHistory />
      </Card>
      {modal === 'renew' && (
        <RenewModal
          site={site}
          offer={offer}
          salePwdRequired={options.salePwdRequired}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'upgrade' && (
        <UpgradeModal
          site={site}
          versions={options.versions}
          salePwdRequired={options.salePwdRequired}
          onClose={() => setModal(null)}
        />
      )}
    </Space>
  );
}

/** 开通分站：选择版本与时长、填写名称与访问路径、余额支付；已开通时显示我的分站、到期时间与续费 / 升级。 */
export default function SelfCreateVipPage() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<SitePurchaseAnswer | null>(null);
  const options = useQuery({
    queryKey: siteKeys.options,
    queryFn: () => unwrap(getSiteOptions()),
    // A saved opening waits for its payment: look again until it is opened or refused.
    refetchInterval: (q) => (q.state.data?.openRequest?.status === 'waiting' ? 3_000 : false),
  });
  const data = options.data;
  return (
    <PageFrame title="开通分站" description={meta?.description}>
      {opened ? (
        <Card>
          <Result
            status="success"
            title="分站已开通"
            subTitle={
              <span>
                访问地址：
                <SiteAddress address={`/${opened.path}/`} />
                {opened.expiresAt ? `，有效期至 ${opened.expiresAt}` : '，永久有效'}
              </span>
            }
            extra={[
              <Button key="site" type="primary" onClick={() => navigate('/vip/vipWebSite')}>
                去设置分站
              </Button>,
              <Button key="mine" onClick={() => setOpened(null)}>
                查看我的分站
              </Button>,
            ]}
          />
        </Card>
      ) : !data ? (
        <Card loading />
      ) : data.mySite ? (
        <MySitePanel options={data} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {data.openRequest && <OpenRequestPanel request={data.openRequest} />}
          {!data.canOpen && <Alert type="warning" showIcon title={data.reason} />}
          {data.canOpen && data.parentTitle && (
            <Typography.Text type="secondary">
              分站将开在「{data.parentTitle}」之下，价格为本站给出的开通价。
            </Typography.Text>
          )}
          <OpenSitePanel options={data} onOpened={setOpened} />
        </Space>
      )}
    </PageFrame>
  );
}
