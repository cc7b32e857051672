import { AdminScreens } from '@kapu/contract';
import type { ComponentType } from 'react';

/**
 * Every route of spec §2 (plus our admin screens) as data: the router, the guards, the menus,
 * the breadcrumbs and the tabs all read this list. Pages load lazily.
 */

/** Which frame a page renders in: light storefront, member/VIP/supply shell, admin shell, or none. */
export type RouteLayout = 'store' | 'member' | 'admin' | 'bare';

/** Sidebar groups and their sections (member shell: 会员中心/分站管理/供货管理; admin shell). */
export type MenuGroup = 'member' | 'vip' | 'supply' | 'admin';
export type MenuSection =
  | 'account' | 'orders' | 'funds' | 'promote'
  | 'site' | 'goods' | 'business'
  | 'supply'
  | 'main' | 'trade' | 'system';

export const MENU_GROUP_LABELS: Record<MenuGroup, string> = {
  member: '会员中心',
  vip: '分站管理',
  supply: '供货管理',
  admin: '管理后台',
};

export const MENU_SECTION_LABELS: Record<MenuSection, string> = {
  account: '我的账户',
  orders: '订单与售后',
  funds: '资金管理',
  promote: '推广与店铺',
  site: '分站设置',
  goods: '分站商品',
  business: '分站经营',
  supply: '供货中心',
  main: '常用',
  trade: '商品与交易',
  system: '系统',
};

export type IconName =
  | 'apartment'
  | 'appstore'
  | 'audit'
  | 'bank'
  | 'car'
  | 'cart'
  | 'complain'
  | 'crown'
  | 'customer-service'
  | 'dashboard'
  | 'decorate'
  | 'edit'
  | 'gift'
  | 'goods'
  | 'history'
  | 'home'
  | 'key'
  | 'link'
  | 'lock'
  | 'login'
  | 'message'
  | 'money'
  | 'notification'
  | 'order'
  | 'pay'
  | 'price'
  | 'qrcode'
  | 'question'
  | 'register'
  | 'rise'
  | 'safety'
  | 'search'
  | 'send'
  | 'setting'
  | 'shop'
  | 'site'
  | 'star'
  | 'stop'
  | 'team'
  | 'transfer'
  | 'user'
  | 'verify'
  | 'wallet'
  | 'warning';

export interface RouteMeta {
  /** react-router path (absolute); '*' is the 404 catch-all. */
  path: string;
  /** Chinese title: page heading, tab, breadcrumb and document title. Empty for payment returns (spec §2). */
  title: string;
  /** What the page is for, shown under the title. */
  description: string;
  layout: RouteLayout;
  /** Needs a user token (spec §6), else /login?redirect=… */
  login?: boolean;
  /** Needs an admin session (spec §6), else /{firstSegment}/index, then the roleId check. */
  auth?: boolean;
  /** Admin role that may open the page unless the staff is super admin (verifyRole = 0). */
  roleId?: number;
  /** Permission code the user's access list must hold to see the menu entry. */
  access?: string;
  icon: IconName;
  menu?: { group: MenuGroup; section: MenuSection };
  load: () => Promise<{ default: ComponentType }>;
}

export const routes: RouteMeta[] = [
  {
    path: '/', title: '首页', layout: 'store', icon: 'home',
    description: '店铺首页：站点公告、商品分类入口与订单、价格查询。',
    load: () => import('@/areas/store/pages/home'),
  },
  {
    path: '/login', title: '会员登录', layout: 'store', icon: 'login',
    description: '使用登录名、手机号或邮箱和密码登录会员中心。',
    load: () => import('@/areas/store/pages/login'),
  },
  {
    path: '/register', title: '会员注册', layout: 'store', icon: 'register',
    description: '注册本站会员账号，注册后即可下单、充值与管理订单。',
    load: () => import('@/areas/store/pages/register'),
  },
  {
    path: '/forget', title: '找回密码', layout: 'store', icon: 'lock',
    description: '通过已绑定的手机号或邮箱验证身份后，重新设置登录密码。',
    load: () => import('@/areas/store/pages/forget'),
  },
  {
    path: '/announcement', title: '站点公告', layout: 'store', icon: 'notification',
    description: '查看本站发布的全部公告与通知。',
    load: () => import('@/areas/store/pages/announcement'),
  },
  {
    path: '/viewAnnouncementInfo', title: '公告详情', layout: 'store', icon: 'notification',
    description: '查看一条公告的完整内容与发布时间。',
    load: () => import('@/areas/store/pages/announcement-detail'),
  },
  {
    path: '/service', title: '联系客服', layout: 'store', icon: 'customer-service',
    description: '本站客服的联系方式、服务时间与常见问题。',
    load: () => import('@/areas/store/pages/service'),
  },
  {
    path: '/chadan', title: '订单查询', layout: 'store', icon: 'search',
    description: '无需登录，凭订单号加查询密码或联系方式查询订单状态与卡密。',
    load: () => import('@/areas/store/pages/order-lookup'),
  },
  {
    path: '/chajia', title: '价格查询', layout: 'store', icon: 'price',
    description: '无需登录，查看商品在各会员等级下的售价。',
    load: () => import('@/areas/store/pages/price-lookup'),
  },
  {
    path: '/certify/alipayFaceNotify', title: '人脸认证通知', layout: 'store', icon: 'verify',
    description: '接收支付宝人脸认证的结果通知，并更新账户的实名认证状态。',
    load: () => import('@/areas/certify/pages/alipay-face-notify'),
  },
  {
    path: '/certify/alipayFaceResult', title: '人脸认证结果', layout: 'store', icon: 'verify',
    description: '显示支付宝人脸认证的结果，认证通过后可返回实名认证页面。',
    load: () => import('@/areas/certify/pages/alipay-face-result'),
  },
  {
    path: '/certify/alipayCodeNotify', title: '扫码认证通知', layout: 'store', icon: 'verify',
    description: '接收支付宝扫码认证的结果通知，并更新账户的实名认证状态。',
    load: () => import('@/areas/certify/pages/alipay-code-notify'),
  },
  {
    path: '/myQqNotify', title: 'QQ绑定结果', layout: 'store', icon: 'link',
    description: 'QQ 账号授权完成后返回此页，显示与本站账号的绑定结果。',
    load: () => import('@/areas/member/pages/qq-bind-result'),
  },
  {
    path: '/qqReturn', title: 'QQ登录', layout: 'store', icon: 'login',
    description: '使用 QQ 授权登录后返回此页，完成登录或绑定已有账号。',
    load: () => import('@/areas/member/pages/qq-login-return'),
  },
  {
    path: '/myWeixinNotify', title: '微信绑定结果', layout: 'store', icon: 'link',
    description: '微信授权完成后返回此页，显示与本站账号的绑定结果。',
    load: () => import('@/areas/member/pages/weixin-bind-result'),
  },
  {
    path: '/weixinReturn', title: '微信登录', layout: 'store', icon: 'login',
    description: '使用微信授权登录后返回此页，完成登录或绑定已有账号。',
    load: () => import('@/areas/member/pages/weixin-login-return'),
  },
  {
    path: '/mpQrcode', title: '公众号扫码登录', layout: 'store', icon: 'qrcode',
    description: '使用微信扫描公众号二维码，登录或绑定本站账号。',
    load: () => import('@/areas/member/pages/mp-qrcode'),
  },
  {
    path: '/myMpNotify', title: '公众号绑定结果', layout: 'store', icon: 'link',
    description: '关注公众号并授权后返回此页，显示与本站账号的绑定结果。',
    load: () => import('@/areas/member/pages/mp-bind-result'),
  },
  {
    path: '/mpReturn', title: '公众号登录', layout: 'store', icon: 'login',
    description: '通过公众号授权登录后返回此页，完成登录或绑定已有账号。',
    load: () => import('@/areas/member/pages/mp-login-return'),
  },
  {
    path: '/inside/goodsdir', title: '商品分类', layout: 'store', icon: 'appstore',
    description: '按分类浏览本站的全部商品。',
    load: () => import('@/areas/store/pages/goods-dir'),
  },
  {
    path: '/inside/adjustPrice', title: '商品调价', layout: 'store', icon: 'price',
    description: '分站站长设置从成本价到售价的加价规则（按比例、固定金额、按商品或价格区间），并预览售价。',
    load: () => import('@/areas/vip/pages/adjust-price'),
  },
  {
    path: '/inside/goodsList', title: '商品列表', layout: 'store', icon: 'appstore',
    description: '查看某个分类下的商品、价格与库存。',
    load: () => import('@/areas/store/pages/goods-list'),
  },
  {
    path: '/inside/buyGoods', title: '购买商品', layout: 'store', icon: 'cart',
    description: '查看商品详情，填写购买数量与充值账号后下单支付。',
    load: () => import('@/areas/store/pages/buy-goods'),
  },
  {
    path: '/inside/visitorOrder', title: '游客订单', layout: 'store', icon: 'order',
    description: '未登录时购买的订单，凭本机记录或查询密码查看。',
    load: () => import('@/areas/store/pages/visitor-order'),
  },
  {
    path: '/inside/visitorOrderDetail', title: '游客订单详情', layout: 'store', icon: 'order',
    description: '查看游客订单的状态、卡密与发货信息。',
    load: () => import('@/areas/store/pages/visitor-order-detail'),
  },
  {
    path: '/inside/visitorExpress', title: '物流跟踪', layout: 'store', icon: 'car',
    description: '查看游客订单的快递单号与物流进度。',
    load: () => import('@/areas/store/pages/visitor-express'),
  },
  {
    path: '/inside/index', title: '会员中心', layout: 'member', login: true, icon: 'home', menu: { group: 'member', section: 'account' },
    description: '会员中心首页：账户余额、会员等级、最近订单与公告。',
    load: () => import('@/areas/member/pages/home'),
  },
  {
    path: '/inside/inter/myaccount', title: '账户设置', layout: 'member', login: true, icon: 'user', menu: { group: 'member', section: 'account' },
    description: '个人资料、登录密码、交易密码、手机与邮箱绑定、第三方登录和开放接口设置。',
    load: () => import('@/areas/member/pages/my-account'),
  },
  {
    path: '/inside/selfLevel', title: '我的等级', layout: 'member', login: true, icon: 'crown', menu: { group: 'member', section: 'account' },
    description: '查看当前会员等级与各等级的价格优惠，可购买或升级等级。',
    load: () => import('@/areas/member/pages/self-level'),
  },
  {
    path: '/inside/verified', title: '实名认证', layout: 'member', login: true, icon: 'verify', menu: { group: 'member', section: 'account' },
    description: '通过支付宝人脸或扫码完成实名认证。',
    load: () => import('@/areas/member/pages/verified'),
  },
  {
    path: '/inside/message', title: '站内信', layout: 'member', login: true, icon: 'message', menu: { group: 'member', section: 'account' },
    description: '系统与客服发送给您的站内信，未读数量会显示在浏览器标签标题中。',
    load: () => import('@/areas/member/pages/message'),
  },
  {
    path: '/inside/myOrder', title: '我的订单', layout: 'member', login: true, icon: 'order', menu: { group: 'member', section: 'orders' },
    description: '查看全部订单的支付与发货状态，可查看卡密或申请售后。',
    load: () => import('@/areas/member/pages/my-order'),
  },
  {
    path: '/inside/showordermess', title: '订单详情', layout: 'member', login: true, icon: 'order',
    description: '查看订单的商品、金额、卡密或充值结果以及发货记录。',
    load: () => import('@/areas/member/pages/order-detail'),
  },
  {
    path: '/inside/orderContent', title: '发货内容', layout: 'member', login: true, icon: 'order',
    description: '查看订单的发货内容（卡密、链接或充值凭证）。',
    load: () => import('@/areas/member/pages/order-content'),
  },
  {
    path: '/inside/express', title: '我的物流', layout: 'member', login: true, icon: 'car', menu: { group: 'member', section: 'orders' },
    description: '查看实物订单的快递单号与物流进度。',
    load: () => import('@/areas/member/pages/express'),
  },
  {
    path: '/inside/cardRepeal', title: '卡密撤销', layout: 'member', login: true, icon: 'stop', menu: { group: 'member', section: 'orders' },
    description: '申请作废已发货但未使用的卡密，审核通过后退款到余额。',
    load: () => import('@/areas/member/pages/card-repeal'),
  },
  {
    path: '/inside/myFavorites', title: '我的收藏', layout: 'member', login: true, icon: 'star', menu: { group: 'member', section: 'orders' },
    description: '收藏的商品，方便再次快速下单。',
    load: () => import('@/areas/member/pages/my-favorites'),
  },
  {
    path: '/inside/goodsLog', title: '商品变动', layout: 'member', login: true, icon: 'history', menu: { group: 'member', section: 'orders' },
    description: '关注商品的价格与库存变动记录。',
    load: () => import('@/areas/member/pages/goods-log'),
  },
  {
    path: '/inside/complain', title: '我的投诉', layout: 'member', login: true, icon: 'complain', menu: { group: 'member', section: 'orders' },
    description: '查看已提交的订单投诉及处理进度。',
    load: () => import('@/areas/member/pages/complain'),
  },
  {
    path: '/inside/orderComplain', title: '订单投诉', layout: 'member', login: true, icon: 'edit', menu: { group: 'member', section: 'orders' },
    description: '对有问题的订单发起投诉，上传凭证并与客服沟通处理。',
    load: () => import('@/areas/member/pages/order-complain'),
  },
  {
    path: '/inside/cdk', title: '我的兑换码', layout: 'member', login: true, icon: 'gift', menu: { group: 'member', section: 'orders' },
    description: '查看已购买或领取的兑换码（CDK）及其使用状态。',
    load: () => import('@/areas/member/pages/cdk'),
  },
  {
    path: '/inside/accountmoney', title: '资金明细', layout: 'member', login: true, icon: 'wallet', menu: { group: 'member', section: 'funds' },
    description: '查看账户余额以及每一笔收入与支出流水。',
    load: () => import('@/areas/member/pages/account-money'),
  },
  {
    path: '/pay/recharge', title: '余额充值', layout: 'member', login: true, icon: 'pay', menu: { group: 'member', section: 'funds' },
    description: '通过在线支付为账户余额充值。',
    load: () => import('@/areas/pay/pages/recharge'),
  },
  {
    path: '/inside/payInfo', title: '收款账户', layout: 'member', login: true, icon: 'bank', menu: { group: 'member', section: 'funds' },
    description: '管理用于提现的支付宝、银行卡等收款账户。',
    load: () => import('@/areas/member/pages/pay-info'),
  },
  {
    path: '/inside/collectMoney', title: '余额提现', layout: 'member', login: true, icon: 'money', menu: { group: 'member', section: 'funds' },
    description: '将余额提现到收款账户，查看提现申请与审核进度。',
    load: () => import('@/areas/member/pages/collect-money'),
  },
  {
    path: '/inside/transMoney', title: '余额转账', layout: 'member', login: true, icon: 'transfer', menu: { group: 'member', section: 'funds' },
    description: '使用交易密码将余额转给本站其他会员。',
    load: () => import('@/areas/member/pages/trans-money'),
  },
  {
    path: '/inside/inter/inviteFriends', title: '邀请好友', layout: 'member', login: true, icon: 'team', menu: { group: 'member', section: 'promote' },
    description: '通过邀请链接与推广海报邀请好友注册，查看已邀请的会员。',
    load: () => import('@/areas/member/pages/invite-friends'),
  },
  {
    path: '/inside/inter/promotion', title: '推广收益', layout: 'member', login: true, icon: 'rise', menu: { group: 'member', section: 'promote' },
    description: '查看推广佣金明细与汇总，并将佣金领取到余额。',
    load: () => import('@/areas/member/pages/promotion'),
  },
  {
    path: '/inside/selfCreatVip', title: '开通分站', layout: 'member', login: true, icon: 'site', menu: { group: 'member', section: 'promote' },
    description: '购买分站版本，开通属于自己的分站并设置名称与访问地址。',
    load: () => import('@/areas/member/pages/self-create-vip'),
  },
  {
    path: '/inside/shop', title: '店铺售价', layout: 'member', login: true, icon: 'shop', menu: { group: 'member', section: 'promote' },
    description: '设置我的店铺对外展示的商品售价。',
    load: () => import('@/areas/member/pages/shop'),
  },
  {
    path: '/pay/payonline', title: '在线支付', layout: 'store', icon: 'pay',
    description: '选择支付方式，完成订单或充值的付款。',
    load: () => import('@/areas/pay/pages/pay-online'),
  },
  {
    path: '/pay/payInterface', title: '支付跳转', layout: 'store', icon: 'pay',
    description: '向支付平台提交付款请求并跳转的中转页面。',
    load: () => import('@/areas/pay/pages/pay-interface'),
  },
  {
    path: '/pay/return_ali', title: '', layout: 'store', icon: 'pay',
    description: '从支付平台返回后的支付结果页，显示本次付款是否成功。',
    load: () => import('@/areas/pay/pages/pay-return'),
  },
  {
    path: '/pay/return_epay', title: '', layout: 'store', icon: 'pay',
    description: '从支付平台返回后的支付结果页，显示本次付款是否成功。',
    load: () => import('@/areas/pay/pages/pay-return'),
  },
  {
    path: '/pay/return_qpay', title: '', layout: 'store', icon: 'pay',
    description: '从支付平台返回后的支付结果页，显示本次付款是否成功。',
    load: () => import('@/areas/pay/pages/pay-return'),
  },
  {
    path: '/pay/return_fxpay', title: '', layout: 'store', icon: 'pay',
    description: '从支付平台返回后的支付结果页，显示本次付款是否成功。',
    load: () => import('@/areas/pay/pages/pay-return'),
  },
  {
    path: '/vip/desktop', title: '分站概况', layout: 'member', login: true, access: 'vip', icon: 'dashboard', menu: { group: 'vip', section: 'site' },
    description: '分站的访问量、订单与收益概况。',
    load: () => import('@/areas/vip/pages/desktop'),
  },
  {
    path: '/vip/vipWebSite', title: '分站设置', layout: 'member', login: true, access: 'vip', icon: 'setting', menu: { group: 'vip', section: 'site' },
    description: '设置分站名称、Logo、客服信息与首页公告。',
    load: () => import('@/areas/vip/pages/web-site'),
  },
  {
    path: '/vip/pagePath', title: '访问路径', layout: 'member', login: true, access: 'vip', icon: 'link', menu: { group: 'vip', section: 'site' },
    description: '设置分站的访问路径、二级域名与独立域名。',
    load: () => import('@/areas/vip/pages/page-path'),
  },
  {
    path: '/vip/shop', title: '分站店铺', layout: 'member', login: true, access: 'vip', icon: 'shop', menu: { group: 'vip', section: 'site' },
    description: '分站店铺首页的展示设置。',
    load: () => import('@/areas/vip/pages/shop'),
  },
  {
    path: '/vip/vipAnnouncement', title: '分站公告', layout: 'member', login: true, access: 'vip', icon: 'notification', menu: { group: 'vip', section: 'site' },
    description: '发布和管理分站的公告。',
    load: () => import('@/areas/vip/pages/announcement'),
  },
  {
    path: '/vip/vipDirectory', title: '分站目录', layout: 'member', login: true, access: 'vip', icon: 'appstore', menu: { group: 'vip', section: 'goods' },
    description: '选择并排序分站展示的商品分类。',
    load: () => import('@/areas/vip/pages/directory'),
  },
  {
    path: '/vip/vipGoods', title: '分站商品', layout: 'member', login: true, access: 'vip', icon: 'goods', menu: { group: 'vip', section: 'goods' },
    description: '管理分站上架的商品以及每件商品的加价。',
    load: () => import('@/areas/vip/pages/goods'),
  },
  {
    path: '/vip/market', title: '货源市场', layout: 'member', login: true, access: 'vip', icon: 'cart', menu: { group: 'vip', section: 'goods' },
    description: '从平台货源中挑选商品上架到分站。',
    load: () => import('@/areas/vip/pages/market'),
  },
  {
    path: '/vip/vipOrder', title: '分站订单', layout: 'member', login: true, access: 'vip', icon: 'order', menu: { group: 'vip', section: 'business' },
    description: '查看分站顾客的订单与分站收益。',
    load: () => import('@/areas/vip/pages/order'),
  },
  {
    path: '/vip/vipCustomer', title: '分站会员', layout: 'member', login: true, access: 'vip', icon: 'team', menu: { group: 'vip', section: 'business' },
    description: '管理在分站注册的会员及其等级。',
    load: () => import('@/areas/vip/pages/customer'),
  },
  {
    path: '/vip/vipChild', title: '下级分站', layout: 'member', login: true, access: 'vip', icon: 'apartment', menu: { group: 'vip', section: 'business' },
    description: '查看和管理在本分站下开通的下级分站。',
    load: () => import('@/areas/vip/pages/child'),
  },
  {
    path: '/vip/vipVersionMoney', title: '版本价格', layout: 'member', login: true, access: 'vip', icon: 'crown', menu: { group: 'vip', section: 'business' },
    description: '设置下级分站各版本的开通价格，或升级本分站的版本。',
    load: () => import('@/areas/vip/pages/version-money'),
  },
  {
    path: '/supply/supplyGoods', title: '供货商品', layout: 'member', login: true, access: 'supplier', icon: 'goods', menu: { group: 'supply', section: 'supply' },
    description: '管理我供货的商品、供货价与上下架。',
    load: () => import('@/areas/supply/pages/supply-goods'),
  },
  {
    path: '/supply/cardstockmanage', title: '卡密库存', layout: 'member', login: true, access: 'supplier', icon: 'key', menu: { group: 'supply', section: 'supply' },
    description: '导入、查看与作废供货商品的卡密库存，重复卡密会自动排除。',
    load: () => import('@/areas/supply/pages/card-stock'),
  },
  {
    path: '/supply/order', title: '供货订单', layout: 'member', login: true, access: 'supplier', icon: 'order', menu: { group: 'supply', section: 'supply' },
    description: '查看使用我的货源成交的订单。',
    load: () => import('@/areas/supply/pages/order'),
  },
  {
    path: '/supply/handOrder', title: '手工发货', layout: 'member', login: true, access: 'supplier', icon: 'send', menu: { group: 'supply', section: 'supply' },
    description: '处理需要人工发货或直充的订单，填写发货结果。',
    load: () => import('@/areas/supply/pages/hand-order'),
  },
  {
    path: '/supply/complain', title: '供货投诉', layout: 'member', login: true, access: 'supplier', icon: 'complain', menu: { group: 'supply', section: 'supply' },
    description: '处理买家针对我的供货订单发起的投诉。',
    load: () => import('@/areas/supply/pages/complain'),
  },
  {
    path: '/supply/bookeddetail', title: '入账明细', layout: 'member', login: true, access: 'supplier', icon: 'wallet', menu: { group: 'supply', section: 'supply' },
    description: '每笔供货订单的收益，冻结期满后可提现。',
    load: () => import('@/areas/supply/pages/booked-detail'),
  },
  {
    path: '/cdk/short/:short', title: '兑换码', layout: 'store', icon: 'gift',
    description: '通过兑换码短链接打开，直接兑换商品或余额。',
    load: () => import('@/areas/cdk/pages/short'),
  },
  {
    path: '/cdk/recharge', title: '兑换码充值', layout: 'store', icon: 'gift',
    description: '输入兑换码，将面值充入账户余额。',
    load: () => import('@/areas/cdk/pages/recharge'),
  },
  {
    path: '/cdk/order', title: '兑换商品', layout: 'store', icon: 'gift',
    description: '输入兑换码，兑换对应的商品。',
    load: () => import('@/areas/cdk/pages/order'),
  },
  {
    path: '/other/service', title: '客服台', layout: 'bare', icon: 'customer-service',
    description: '客服人员处理会员咨询、订单问题与投诉的工作台。',
    load: () => import('@/areas/other/pages/service'),
  },
  {
    path: '/:path/decorate/desktop', title: '站点装修', layout: 'bare', icon: 'decorate',
    description: '可视化调整店铺首页的布局、轮播图、分类与商品展示。',
    load: () => import('@/areas/vip/pages/decorate'),
  },
  {
    path: '/:adminPath/index', title: '后台登录', layout: 'bare', icon: 'login',
    description: '管理员登录后台。',
    load: () => import('@/areas/admin/pages/login'),
  },
  {
    path: '/:adminPath/dashboard', title: '控制台', layout: 'admin', auth: true, access: 'dashboard.view', icon: 'dashboard', menu: { group: 'admin', section: 'main' },
    description: '后台首页：销售与利润、近 30 天趋势、热销与库存预警、待办事项。',
    load: () => import('@/areas/admin/pages/dashboard'),
  },
  {
    path: '/:adminPath/members', title: '会员管理', layout: 'admin', auth: true, roleId: AdminScreens.members.roleId, access: AdminScreens.members.permission, icon: 'team', menu: { group: 'admin', section: 'main' },
    description: '查看、搜索与管理本站会员，调整等级、余额与账号状态。',
    load: () => import('@/areas/admin/pages/members'),
  },
  {
    path: '/:adminPath/certify', title: '实名审核', layout: 'admin', auth: true, roleId: AdminScreens.members.roleId, access: 'members.edit', icon: 'verify', menu: { group: 'admin', section: 'main' },
    description: '审核会员提交的实名资料（通过 / 驳回），配置支付宝刷脸认证。',
    load: () => import('@/areas/admin/pages/certify'),
  },
  {
    path: '/:adminPath/goods', title: '商品管理', layout: 'admin', auth: true, roleId: AdminScreens.goods.roleId, access: AdminScreens.goods.permission, icon: 'goods', menu: { group: 'admin', section: 'trade' },
    description: '管理商品分类、品牌、商品与卡密库存。',
    load: () => import('@/areas/admin/pages/goods'),
  },
  {
    path: '/:adminPath/orders', title: '订单管理', layout: 'admin', auth: true, roleId: AdminScreens.orders.roleId, access: AdminScreens.orders.permission, icon: 'order', menu: { group: 'admin', section: 'trade' },
    description: '查看与处理全部订单、发货与退款。',
    load: () => import('@/areas/admin/pages/orders'),
  },
  {
    path: '/:adminPath/funds', title: '资金管理', layout: 'admin', auth: true, roleId: AdminScreens.funds.roleId, access: AdminScreens.funds.permission, icon: 'wallet', menu: { group: 'admin', section: 'trade' },
    description: '资金流水、充值记录与提现审核。',
    load: () => import('@/areas/admin/pages/funds'),
  },
  {
    path: '/:adminPath/withdrawals', title: '提现审核', layout: 'admin', auth: true, roleId: AdminScreens.funds.roleId, access: 'funds.manage', icon: 'money', menu: { group: 'admin', section: 'trade' },
    description: '审核会员提现申请（填写打款流水号或驳回原因），设置提现与转账规则。',
    load: () => import('@/areas/admin/pages/withdrawals'),
  },
  {
    path: '/:adminPath/reconcile', title: '对账报表', layout: 'admin', auth: true, roleId: AdminScreens.funds.roleId, access: 'funds.manage', icon: 'audit', menu: { group: 'admin', section: 'trade' },
    description: '按日核对流水合计与余额合计、提现与在线收款，不一致时标红并列出相关会员。',
    load: () => import('@/areas/admin/pages/reconcile'),
  },
  {
    path: '/:adminPath/payments', title: '支付配置', layout: 'admin', auth: true, roleId: AdminScreens.payments.roleId, access: AdminScreens.payments.permission, icon: 'pay', menu: { group: 'admin', section: 'trade' },
    description: '配置易支付、支付宝、微信支付等支付通道与费率。',
    load: () => import('@/areas/admin/pages/payments'),
  },
  {
    path: '/:adminPath/announcements', title: '公告管理', layout: 'admin', auth: true, roleId: AdminScreens.announcements.roleId, access: AdminScreens.announcements.permission, icon: 'notification', menu: { group: 'admin', section: 'system' },
    description: '发布与管理站点公告。',
    load: () => import('@/areas/admin/pages/announcements'),
  },
  {
    path: '/:adminPath/settings', title: '系统设置', layout: 'admin', auth: true, roleId: AdminScreens.settings.roleId, access: AdminScreens.settings.permission, icon: 'setting', menu: { group: 'admin', section: 'system' },
    description: '站点名称、后台路径、注册与登录、邮件与短信等系统设置。',
    load: () => import('@/areas/admin/pages/settings'),
  },
  {
    path: '/:adminPath/staff', title: '管理员与角色', layout: 'admin', auth: true, roleId: AdminScreens.staff.roleId, access: AdminScreens.staff.permission, icon: 'safety', menu: { group: 'admin', section: 'system' },
    description: '管理后台管理员账号、角色与权限。',
    load: () => import('@/areas/admin/pages/staff'),
  },
  {
    path: '/:adminPath/audit', title: '操作日志', layout: 'admin', auth: true, roleId: AdminScreens.audit.roleId, access: AdminScreens.audit.permission, icon: 'audit', menu: { group: 'admin', section: 'system' },
    description: '查看管理员的登录与操作记录。',
    load: () => import('@/areas/admin/pages/audit'),
  },
  {
    path: '/403', title: '无权访问', layout: 'bare', icon: 'stop',
    description: '',
    load: () => import('@/areas/errors/pages/forbidden'),
  },
  {
    path: '/500', title: '服务器出错', layout: 'bare', icon: 'warning',
    description: '',
    load: () => import('@/areas/errors/pages/server-error'),
  },
  {
    path: '*', title: '页面不存在', layout: 'bare', icon: 'question',
    description: '',
    load: () => import('@/areas/errors/pages/not-found'),
  },
];
