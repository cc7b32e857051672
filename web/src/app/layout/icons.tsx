import type { ComponentType } from 'react';
import {
  ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BgColorsOutlined, CarOutlined,
  CrownOutlined, CustomerServiceOutlined, DashboardOutlined, EditOutlined, ExclamationCircleOutlined,
  GiftOutlined, GlobalOutlined, HistoryOutlined, HomeOutlined, KeyOutlined, LinkOutlined, LockOutlined,
  LoginOutlined, MailOutlined, MoneyCollectOutlined, NotificationOutlined, PayCircleOutlined,
  ProfileOutlined, QrcodeOutlined, QuestionCircleOutlined, RiseOutlined, SafetyCertificateOutlined,
  SafetyOutlined, SearchOutlined, SendOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined,
  ShoppingOutlined, StarOutlined, StopOutlined, SwapOutlined, TagsOutlined, TeamOutlined,
  UserAddOutlined, UserOutlined, WalletOutlined, WarningOutlined,
} from '@ant-design/icons';
import type { IconName } from '../router/routes';

/** Route icon names → antd icons; kept out of the route data so `/` does not load them. */
export const ROUTE_ICONS: Record<IconName, ComponentType> = {
  apartment: ApartmentOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  car: CarOutlined,
  cart: ShoppingCartOutlined,
  complain: ExclamationCircleOutlined,
  crown: CrownOutlined,
  'customer-service': CustomerServiceOutlined,
  dashboard: DashboardOutlined,
  decorate: BgColorsOutlined,
  edit: EditOutlined,
  gift: GiftOutlined,
  goods: ShoppingOutlined,
  history: HistoryOutlined,
  home: HomeOutlined,
  key: KeyOutlined,
  link: LinkOutlined,
  lock: LockOutlined,
  login: LoginOutlined,
  message: MailOutlined,
  money: MoneyCollectOutlined,
  notification: NotificationOutlined,
  order: ProfileOutlined,
  pay: PayCircleOutlined,
  price: TagsOutlined,
  qrcode: QrcodeOutlined,
  question: QuestionCircleOutlined,
  register: UserAddOutlined,
  rise: RiseOutlined,
  safety: SafetyOutlined,
  search: SearchOutlined,
  send: SendOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  site: GlobalOutlined,
  star: StarOutlined,
  stop: StopOutlined,
  team: TeamOutlined,
  transfer: SwapOutlined,
  user: UserOutlined,
  verify: SafetyCertificateOutlined,
  wallet: WalletOutlined,
  warning: WarningOutlined,
};

export function RouteIcon({ name }: { name: string | undefined }) {
  const Icon = name && name in ROUTE_ICONS ? ROUTE_ICONS[name as IconName] : null;
  return Icon ? <Icon /> : null;
}
