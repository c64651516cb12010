import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  BuildOutlined,
  CalculatorOutlined,
  CarOutlined,
  ClockCircleOutlined,
  CommentOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FlagOutlined,
  GiftOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  LineChartOutlined,
  LockOutlined,
  LoginOutlined,
  MailOutlined,
  NotificationOutlined,
  PictureOutlined,
  PrinterOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  ReadOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  StarOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  TranslationOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ 'aria-hidden'?: boolean }>;

/**
 * An icon for a page of the side menu, from the words of its perm page key (DOMAIN §5.4), so the collapsed menu shows
 * something to recognise rather than first letters. The first rule whose pattern matches wins; the order puts the
 * specific words (a battery ticket is a battery) before the general ones (list, log).
 */
const RULES: ReadonlyArray<readonly [RegExp, Icon]> = [
  [/^index$/, HomeOutlined],
  [/ticketCreate/, FlagOutlined],
  [/batter|ActiveVehicle|operatingVehicle/i, ThunderboltOutlined],
  [/broken|repair|parts|sparepart|abnormal|ticketModel/, ToolOutlined],
  [/dispatch|ticket/i, ScheduleOutlined],
  [/monitor|DataMonitoring|monitoring/, DashboardOutlined],
  [/alarm|basicConfig/, WarningOutlined],
  [/map|area|merchantoperation|cityList|country/i, EnvironmentOutlined],
  [/vehicle|ebike|brand|BikeLock|factoryLot/i, CarOutlined],
  [/supplier|partner|agency|shop|merchant/i, ShopOutlined],
  [/role|Auth/, SafetyCertificateOutlined],
  [/^menu$|tenantPackage|editions/, AppstoreOutlined],
  [/dept/, ApartmentOutlined],
  [/post|staff/, IdcardOutlined],
  [/dict/, BookOutlined],
  [/i18n/, TranslationOutlined],
  [/tenant/, BankOutlined],
  [/timedTask|timed_task|duration/, ClockCircleOutlined],
  [/login|Login/, LoginOutlined],
  [/journal|interfaceLog|history|History|integral/, HistoryOutlined],
  [/changePwd/, LockOutlined],
  [/personal_info|user_admin|userReview/, UserOutlined],
  [/appIcon|goods/, PictureOutlined],
  [/download/i, DownloadOutlined],
  [/level|benefit|reward/, StarOutlined],
  [/tag|productType/, TagsOutlined],
  [/back[Ff]eed|helpContent/, CommentOutlined],
  [/template/, ProfileOutlined],
  [/coupon|card|activity|partake|redemption/i, GiftOutlined],
  [/qris|redemption_code/i, QrcodeOutlined],
  [/PLN|IAK|recharge/i, ThunderboltOutlined],
  [/refund/, RollbackOutlined],
  [/invoice|print/, PrinterOutlined],
  [/accountBooks|account/i, AccountBookOutlined],
  [/currency|Currency/, DollarOutlined],
  [/settlement|profit|revenue|investment|billing/i, CalculatorOutlined],
  [/stationDebit|swap/i, SwapOutlined],
  [/sold|order|Order/, ShoppingCartOutlined],
  [/join/, SolutionOutlined],
  [/operation_tool/, BuildOutlined],
  [/steps/, ReadOutlined],
  [/sms|messageList/, MailOutlined],
  [/newsRecord|staffNotice/, NotificationOutlined],
  [/Day$|Statistics|Summary|Day/, LineChartOutlined],
  [/user|member/i, TeamOutlined],
  [/payment|cardRule/i, CreditCardOutlined],
  [/configListPage|application/, AuditOutlined],
];

/** The icon of a page by its perm page key; a page no rule knows gets a plain document. */
export function pageIconOf(page: string): Icon {
  return RULES.find(([pattern]) => pattern.test(page))?.[1] ?? FileTextOutlined;
}

export function PageIcon({ page }: { page: string }) {
  const Found = pageIconOf(page);
  return <Found aria-hidden />;
}
