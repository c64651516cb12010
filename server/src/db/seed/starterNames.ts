import type { Lang, Trilingual } from '@kayuh/contract/lang';

/**
 * Names the console writes into a tenant's own data — a new tenant's company dept and admin role, the demo
 * organisation, the platform's timed tasks — in that tenant's default language. They are data from then on:
 * staff rename them like anything they typed themselves.
 */
const NAMES = {
  companyDept: { id: 'Kantor Pusat {brand}', en: '{brand} HQ', zh: '{brand} 总部' },
  tenantAdminRole: { id: 'Admin tenant', en: 'Tenant admin', zh: '租户管理员' },
  superAdminRole: { id: 'Super admin', en: 'Super admin', zh: '超级管理员' },
  opsTeamDept: { id: 'Tim Operasional {city}', en: 'Ops team {city}', zh: '{city}运营组' },
  customerServiceDept: { id: 'Layanan Pelanggan', en: 'Customer service', zh: '客服部' },
  financeDept: { id: 'Keuangan', en: 'Finance', zh: '财务部' },
  cityOpsRole: { id: 'Manajer Operasional {city}', en: 'City operations manager {city}', zh: '{city}城市运营经理' },
  technicianRole: { id: 'Teknisi Lapangan', en: 'Field technician', zh: '现场技术员' },
  customerServiceRole: { id: 'Layanan Pelanggan', en: 'Customer service', zh: '客服' },
  financeRole: { id: 'Keuangan', en: 'Finance', zh: '财务' },
  opsManagerPost: { id: 'Manajer Operasional', en: 'Operations manager', zh: '运营经理' },
  technicianPost: { id: 'Teknisi Lapangan', en: 'Field technician', zh: '现场技术员' },
  dispatcherPost: { id: 'Petugas Dispatch', en: 'Dispatcher', zh: '调度员' },
  customerServicePost: { id: 'Staf Layanan Pelanggan', en: 'Customer service', zh: '客服专员' },
  financePost: { id: 'Staf Keuangan', en: 'Finance', zh: '财务专员' },
  standardPackage: { id: 'Operator standar', en: 'Standard operator', zh: '标准运营商' },
  sessionCleanupJob: { id: 'Pembersihan sesi', en: 'Session clean-up', zh: '会话清理' },
  exportExpiryJob: { id: 'Kedaluwarsa file ekspor', en: 'Export file expiry', zh: '导出文件过期清理' },
  telemetryPartitionJob: { id: 'Partisi telemetri', en: 'Telemetry partitions', zh: '遥测分区维护' },
  offlineVehiclesJob: { id: 'Kendaraan offline', en: 'Offline vehicles', zh: '离线车辆检测' },
  paymentExpiryJob: { id: 'Kedaluwarsa pesanan pembayaran', en: 'Payment order expiry', zh: '支付订单超时关闭' },
  ticketSlaJob: { id: 'SLA tiket kerja', en: 'Work-order SLAs', zh: '工单时限' },
  ticketRuleJob: { id: 'Tiket dari aturan', en: 'Tickets from rules', zh: '规则工单' },
  zoneTargetJob: { id: 'Tiket dari target area', en: 'Tickets from zone targets', zh: '区域目标工单' },
  shareAccrualJob: { id: 'Akrual bagi hasil harian', en: 'Daily profit-share accrual', zh: '每日分润计提' },
  settlementJob: { id: 'Penyelesaian bulanan', en: 'Monthly settlements', zh: '月度结算' },
  overdueRidesJob: { id: 'Akhiri perjalanan melebihi batas', en: 'Rides over their longest', zh: '超时骑行结束' },
  passExpiryJob: { id: 'Kedaluwarsa kartu dan kupon', en: 'Passes and coupons expiry', zh: '套餐卡与优惠券到期' },
  levelCouponJob: { id: 'Kupon bulanan manfaat level', en: 'Level benefits: monthly coupons', zh: '等级权益每月优惠券' },
  tagRuleJob: { id: 'Hitung label anggota berbasis aturan', en: 'Member rule tags', zh: '会员规则标签计算' },
  swapExpiryJob: { id: 'Batas waktu tukar baterai', en: 'Swap timeouts', zh: '换电超时' },
  refundSubmitJob: { id: 'Kirim refund ke gateway', en: 'Refunds to gateways', zh: '退款提交渠道' },
  prepaidCheckJob: { id: 'Cek status prabayar IAK', en: 'IAK prepaid status checks', zh: 'IAK 预付状态查询' },
  ledgerAuditJob: { id: 'Audit buku besar', en: 'Ledger audit', zh: '账务核对' },
  offlineAlarmJob: { id: 'Alarm kendaraan offline', en: 'Offline vehicle alarms', zh: '车辆离线告警' },
  alarmReminderJob: { id: 'Pengingat alarm', en: 'Alarm reminders', zh: '告警提醒' },
} satisfies Record<string, Trilingual>;

export type StarterName = keyof typeof NAMES;

/** A starter name in a language, its `{placeholders}` filled. */
export function starterName(lang: Lang, key: StarterName, vars: Record<string, string> = {}): string {
  const text = NAMES[key][lang === 'ZH' ? 'zh' : lang === 'EN' ? 'en' : 'id'];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? `{${name}}`);
}
