import { Codes, OPENAPI_NOTIFY_RETRY_SECONDS, OpenApiOrderStatusLabels } from '@kapu/contract';

/** The open-API documentation shown on /inside/openapi (one catalogue of its texts). */

export interface EndpointDoc {
  path: string;
  title: string;
  scope: string;
  fields: Array<[name: string, type: string, note: string]>;
  answer: string;
}

export const ENDPOINTS: EndpointDoc[] = [
  {
    path: 'user/getAccount',
    title: '查询账户',
    scope: '任意密钥',
    fields: [],
    answer:
      'userNo 会员编号、loginName 登录名、balance 余额（元）、levelId / levelName 会员等级、siteId / siteTitle 所属站点',
  },
  {
    path: 'user/transfer',
    title: '余额转账',
    scope: '转账与兑换码',
    fields: [
      ['toUserNo', 'string', '收款会员编号（或登录名）'],
      ['money', 'string|number', '金额（元，最多两位小数）'],
      ['outerNumber', 'string', '外部单号：同一外部单号只转账一次，重复请求返回首次结果（repeated=true）'],
      ['salePwd', 'string', '交易密码（开启了交易密码时必填）'],
    ],
    answer: 'transferNo 转账单号、outerNumber、money、balance 转账后余额、repeated',
  },
  {
    path: 'goods/getDirs',
    title: '商品目录',
    scope: '商品读取',
    fields: [],
    answer: '[{dirId, dirName, brands:[{brandId, brandName, logo}], children:[{dirId, dirName, brands}]}]（两级目录）',
  },
  {
    path: 'goods/getList',
    title: '商品列表',
    scope: '商品读取',
    fields: [
      ['page', 'number', '页码，默认 1'],
      ['pageSize', 'number', '每页数量，1-100，默认 20'],
      ['goodsType', 'number', '1 卡密 / 3 直充（可选）'],
      ['keyWord', 'string', '关键词（可选）'],
      ['dirId', 'number', '目录 ID（可选）'],
      ['brandId', 'number', '品牌 ID（可选）'],
    ],
    answer:
      'allCount 总数、allPage 总页数、items:[{goodsId, goodsName, goodsType, dirId, brandId, image, faceValue, salesPrice, status, stockCount}]',
  },
  {
    path: 'goods/getDetail',
    title: '商品详情',
    scope: '商品读取',
    fields: [['goodsId', 'number', '商品 ID']],
    answer:
      '列表字段外加 images、description、minQuantity / maxQuantity / multiple 购买数量规则、perUserLimit、wholesale 批发价、rechargeFields 充值字段（key、label）、allowVoid / allowRefund。salesPrice 为您的等级在您注册的站点的价格',
  },
  {
    path: 'order/create',
    title: '下单',
    scope: '下单与查单',
    fields: [
      ['goodsId', 'number', '商品 ID'],
      ['count', 'number', '购买数量，默认 1'],
      ['outerNumber', 'string', '外部单号（您系统的订单号）：同一外部单号只下一单，重复请求返回同一订单'],
      ['notifyUrl', 'string', '回调地址（可选，http/https）'],
      ['safePrice', 'string|number', '安全价（元，可选）：单价高于它时拒绝下单（2400）'],
      ['attach', 'array', '充值信息 [{name, value}]，name 为充值字段的 key 或名称'],
      ['salePwd', 'string', '交易密码（开启了余额付款交易密码时必填）'],
    ],
    answer:
      '订单对象：orderNumber、outerNumber、goodsId、count、price、amount、status、statusText、cards:[{cardId, cardNo, cardPwd}]（卡密商品立即发货时返回）',
  },
  {
    path: 'order/getDetail',
    title: '查询订单',
    scope: '下单与查单',
    fields: [
      ['orderNumber', 'string', '订单号（与外部单号二选一）'],
      ['outerNumber', 'string', '外部单号'],
    ],
    answer: '订单对象（同下单）',
  },
  {
    path: 'order/refunds',
    title: '订单退款记录',
    scope: '退款与撤销',
    fields: [
      ['orderNumber', 'string', '订单号（与外部单号二选一）'],
      ['outerNumber', 'string', '外部单号'],
    ],
    answer:
      'status、amount、refundAmount 已退金额、refundedAt、refundReason、voids 卡密撤销申请 [{cardId, voidStatus, reason, note}]',
  },
  {
    path: 'complaint/create',
    title: '发起投诉',
    scope: '下单与查单',
    fields: [
      ['orderNumber', 'string', '订单号'],
      ['topic', 'string', '主题，不超过 50 字'],
      ['content', 'string', '内容，不超过 500 字'],
      ['images', 'string[]', '图片（上传后得到的标识），最多 5 张'],
    ],
    answer: 'complaintId、orderNumber',
  },
  {
    path: 'card/getDetail',
    title: '查询卡密',
    scope: '下单与查单',
    fields: [
      ['orderNumber', 'string', '订单号（与外部单号二选一）'],
      ['outerNumber', 'string', '外部单号'],
    ],
    answer: 'cards:[{cardId, cardNo, cardPwd, status, voidStatus}]',
  },
  {
    path: 'card/void',
    title: '申请撤销卡密',
    scope: '退款与撤销',
    fields: [
      ['orderNumber', 'string', '订单号'],
      ['cardIds', 'number[]', '要撤销的卡密 cardId'],
      ['reason', 'string', '原因'],
    ],
    answer: 'requested 已提交数量；审核通过后退款到余额',
  },
  {
    path: 'cdkey/create',
    title: '生成兑换码',
    scope: '转账与兑换码',
    fields: [
      ['kind', 'string', 'goods 商品码（默认）/ balance 余额码'],
      ['goodsId', 'number', '商品 ID（商品码）'],
      ['quantity', 'number', '每个码的商品数量，默认 1'],
      ['amount', 'string|number', '面值（元，余额码）'],
      ['count', 'number', '生成数量，1-100'],
      ['salePwd', 'string', '交易密码（需要时）'],
    ],
    answer: 'codes:[{id, code, link}]、paid 花费、balance 余额',
  },
];

export const STATUS_ROWS = Object.entries(OpenApiOrderStatusLabels).map(([code, label]) => ({
  code: Number(code),
  label,
}));

export const CODE_ROWS = Object.values(Codes)
  .filter((c) => (c.code >= 2400 && c.code < 2500) || c.code === 1000 || c.code === 1001)
  .map((c) => ({ code: c.code, msg: c.msg }));

export const RETRY_TEXT = OPENAPI_NOTIFY_RETRY_SECONDS.map((s) => (s < 60 ? `${s} 秒` : `${s / 60} 分钟`)).join('、');

export const SIGN_EXAMPLES: Array<{ lang: string; code: string }> = [
  {
    lang: 'PHP',
    code: `$appId = '您的 AppID';
$secret = '您的 AppSecret';
$body = json_encode(['goodsId' => 1, 'count' => 1, 'outerNumber' => 'A001'], JSON_UNESCAPED_UNICODE);
$ts = (string) time();
$sign = md5($appId . $secret . '3.0' . $ts . $body);
$ch = curl_init('https://您的域名/openapi/order/create');
curl_setopt_array($ch, [
  CURLOPT_POST => true,
  CURLOPT_POSTFIELDS => $body,
  CURLOPT_RETURNTRANSFER => true,
  CURLOPT_HTTPHEADER => ['Content-Type: application/json', "X-APP-ID: $appId", 'X-Version: 3.0', "X-Timestamp: $ts", "X-Signature: $sign"],
]);
echo curl_exec($ch);`,
  },
  {
    lang: 'Python',
    code: `import hashlib, json, time, requests
app_id, secret = '您的 AppID', '您的 AppSecret'
body = json.dumps({'goodsId': 1, 'count': 1, 'outerNumber': 'A001'}, ensure_ascii=False)
ts = str(int(time.time()))
sign = hashlib.md5((app_id + secret + '3.0' + ts + body).encode('utf-8')).hexdigest()
r = requests.post('https://您的域名/openapi/order/create', data=body.encode('utf-8'), headers={
    'Content-Type': 'application/json', 'X-APP-ID': app_id, 'X-Version': '3.0',
    'X-Timestamp': ts, 'X-Signature': sign})
print(r.json())`,
  },
  {
    lang: 'Node.js',
    code: `import { createHash } from 'node:crypto';
const appId = '您的 AppID', secret = '您的 AppSecret';
const body = JSON.stringify({ goodsId: 1, count: 1, outerNumber: 'A001' });
const ts = String(Math.floor(Date.now() / 1000));
const sign = createHash('md5').update(appId + secret + '3.0' + ts + body).digest('hex');
const res = await fetch('https://您的域名/openapi/order/create', {
  method: 'POST', body,
  headers: { 'Content-Type': 'application/json', 'X-APP-ID': appId, 'X-Version': '3.0', 'X-Timestamp': ts, 'X-Signature': sign },
});
console.log(await res.json());`,
  },
  {
    lang: 'Java',
    code: `String appId = "您的 AppID", secret = "您的 AppSecret";
String body = "{\\"goodsId\\":1,\\"count\\":1,\\"outerNumber\\":\\"A001\\"}";
String ts = String.valueOf(System.currentTimeMillis() / 1000);
byte[] d = MessageDigest.getInstance("MD5").digest((appId + secret + "3.0" + ts + body).getBytes(StandardCharsets.UTF_8));
String sign = String.format("%032x", new BigInteger(1, d));
HttpRequest req = HttpRequest.newBuilder(URI.create("https://您的域名/openapi/order/create"))
  .header("Content-Type", "application/json").header("X-APP-ID", appId).header("X-Version", "3.0")
  .header("X-Timestamp", ts).header("X-Signature", sign)
  .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
System.out.println(HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofString()).body());`,
  },
];

export const DECRYPT_EXAMPLES: Array<{ lang: string; code: string }> = [
  {
    lang: 'PHP',
    code: `$key = md5($secret); // 32 位小写十六进制字符串，直接作为 AES-256 的 32 字节密钥
$cards = json_decode(openssl_decrypt($data['cards'], 'AES-256-ECB', $key), true);
// 验签：md5($headers['X-APP-ID'] . $secret . $headers['X-Version'] . $headers['X-Timestamp'] . $rawBody)
echo 'ok';`,
  },
  {
    lang: 'Python',
    code: `import base64, hashlib, json
from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
key = hashlib.md5(secret.encode()).hexdigest().encode()
d = Cipher(algorithms.AES(key), modes.ECB()).decryptor()
raw = d.update(base64.b64decode(data['cards'])) + d.finalize()
u = padding.PKCS7(128).unpadder()
cards = json.loads(u.update(raw) + u.finalize())`,
  },
  {
    lang: 'Node.js',
    code: `import { createDecipheriv, createHash } from 'node:crypto';
const key = Buffer.from(createHash('md5').update(secret).digest('hex'));
const d = createDecipheriv('aes-256-ecb', key, null);
const cards = JSON.parse(Buffer.concat([d.update(data.cards, 'base64'), d.final()]).toString('utf8'));`,
  },
  {
    lang: 'Java',
    code: `String hex = String.format("%032x", new BigInteger(1, MessageDigest.getInstance("MD5").digest(secret.getBytes(StandardCharsets.UTF_8))));
Cipher c = Cipher.getInstance("AES/ECB/PKCS5Padding");
c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(hex.getBytes(StandardCharsets.US_ASCII), "AES"));
String cards = new String(c.doFinal(Base64.getDecoder().decode(data.get("cards"))), StandardCharsets.UTF_8);`,
  },
];
