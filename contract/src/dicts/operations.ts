import { ASSUMED_ACTIVE_DISABLED, ACTIVE_DISABLED } from './shared.ts';
import { dict, v, type DictTypeDef, type DictValueDef } from './types.ts';

/** DOMAIN §2.2 operations (tickets, partners), §3.1 tickets, §3.6 applications. */

/** tickets.type; also ticket_templates.type, ticket_items.ticket_type, alarm_rules.auto_ticket_type, rpt_ops_day.ticket_type. */
export const TICKET_TYPE: DictValueDef[] = [
  v('1', 'Pemindahan', 'Dispatch', '调度'),
  v('2', 'Tukar baterai', 'Battery swap', '换电'),
  v('3', 'Kerusakan', 'Fault', '故障'),
  v('4', 'Perbaikan', 'Repair', '维修'),
  v('5', 'Inspeksi', 'Inspection', '巡检'),
  v('6', 'Cari kendaraan', 'Find vehicle', '寻车'),
];

/** tickets.priority; also ticket_templates.default_priority. */
const TICKET_PRIORITY: DictValueDef[] = [
  v('1', 'Kritis', 'Critical', '紧急', 'danger'),
  v('2', 'Tinggi', 'High', '高', 'warning'),
  v('3', 'Normal', 'Normal', '普通', 'info'),
  v('4', 'Rendah', 'Low', '低'),
];

/** §3.1 tickets.status. Open = 0, 1, 2, 3, 4, 6. */
export const TICKET_STATUS: DictValueDef[] = [
  v('0', 'Menunggu', 'Created', '待派单', 'warning'),
  v('1', 'Ditugaskan', 'Assigned', '已派单', 'warning'),
  v('2', 'Diterima', 'Accepted', '已接单', 'primary'),
  v('3', 'Sedang dikerjakan', 'In progress', '处理中', 'primary'),
  v('4', 'Diajukan', 'Submitted', '已提交', 'warning'),
  v('5', 'Disetujui', 'Approved', '已通过', 'success'),
  v('6', 'Ditolak', 'Rejected', '已驳回', 'danger'),
  v('7', 'Ditutup', 'Closed', '已关闭', 'info'),
  v('8', 'Dibatalkan', 'Cancelled', '已取消', 'info'),
];

/** §3.1 ticket events, as written to ticket_events.event. */
const TICKET_EVENT: DictValueDef[] = [
  v('create', 'Dibuat', 'Created', '创建'),
  v('assign', 'Ditugaskan', 'Assigned', '派单'),
  v('grab', 'Diambil', 'Grabbed', '抢单'),
  v('accept', 'Diterima', 'Accepted', '接单'),
  v('decline', 'Ditolak teknisi', 'Declined', '拒单'),
  v('unassign', 'Penugasan dicabut', 'Unassigned', '撤回派单'),
  v('reassign', 'Ditugaskan ulang', 'Reassigned', '改派'),
  v('start', 'Dimulai', 'Started', '开始处理'),
  v('submit', 'Diajukan', 'Submitted', '提交'),
  v('approve', 'Disetujui', 'Approved', '审核通过'),
  v('reject', 'Ditolak', 'Rejected', '驳回'),
  v('rework', 'Dikerjakan ulang', 'Rework', '返工'),
  v('close', 'Ditutup', 'Closed', '关闭'),
  v('cancel', 'Dibatalkan', 'Cancelled', '取消'),
];

/** §3.6 merchant_applications.status and join_applications.status. */
export const APPLICATION_STATUS: DictValueDef[] = [
  v('0', 'Diajukan', 'Submitted', '已提交', 'warning'),
  v('1', 'Sedang ditinjau', 'Under review', '审核中', 'primary'),
  v('2', 'Disetujui', 'Approved', '已通过', 'success'),
  v('3', 'Ditolak', 'Rejected', '已驳回', 'danger'),
  v('4', 'Ditarik', 'Withdrawn', '已撤回', 'info'),
];

/** partner_agencies.kind; join_applications.kind uses the same codes. */
const PARTNER_KIND: DictValueDef[] = [
  v('1', 'Agen operasional', 'Operating agent', '运营代理商'),
  v('2', 'Investor', 'Investor', '投资方'),
  v('3', 'Kontraktor', 'Contractor', '外包承包商'),
];

export const operationsDicts: DictTypeDef[] = [
  dict('ticket_templates_type', ['Jenis tiket', 'Ticket type', '工单类型'], TICKET_TYPE),
  dict('ticket_templates_default_priority', ['Prioritas bawaan', 'Default priority', '默认优先级'], TICKET_PRIORITY),
  dict('ticket_templates_status', ['Status templat', 'Template status', '模板状态'], ACTIVE_DISABLED),

  dict('tickets_type', ['Jenis tiket', 'Ticket type', '工单类型'], TICKET_TYPE),
  dict('tickets_priority', ['Prioritas', 'Priority', '优先级'], TICKET_PRIORITY),
  dict('tickets_status', ['Status tiket', 'Ticket status', '工单状态'], TICKET_STATUS),
  dict(
    'tickets_source',
    ['Sumber tiket', 'Ticket source', '工单来源'],
    [
      v('1', 'Konsol', 'Console', '后台'),
      v('2', 'Aturan otomatis', 'Rule', '规则自动'),
      v('3', 'Alarm', 'Alarm', '告警'),
      v('4', 'Masukan pengendara', 'Rider feedback', '用户反馈'),
      v('5', 'Aplikasi teknisi', 'Technician app', '运维端'),
    ],
  ),
  dict(
    'tickets_assign_type',
    ['Cara penugasan', 'Assignment type', '分配方式'],
    [v('1', 'Ditugaskan', 'Assigned', '指派'), v('2', 'Diambil sendiri', 'Grabbed', '抢单')],
  ),
  dict(
    'tickets_cancel_reason',
    ['Alasan pembatalan', 'Cancel reason', '取消原因'],
    [
      v('1', 'Kendaraan tidak ditemukan', 'Vehicle not found', '未找到车辆'),
      v('2', 'Kendaraan rusak', 'Vehicle faulty', '车辆故障'),
      v('3', 'Kendaraan disita', 'Impounded', '车辆被扣押'),
      v('4', 'Duplikat', 'Duplicate', '重复工单'),
      v('5', 'Dibatalkan dari konsol', 'Cancelled from console', '后台取消'),
      v('6', 'Kedaluwarsa', 'Expired', '超时失效'),
      v('7', 'Kondisi sudah teratasi', 'Condition cleared', '条件已解除'),
      v('8', 'Staf selesai bertugas', 'Staff clocked off', '员工已下班'),
      v('9', 'Lainnya', 'Other', '其他'),
    ],
  ),

  dict(
    'ticket_items_item_kind',
    ['Jenis baris', 'Item kind', '明细类型'],
    [v('1', 'Baris kendaraan', 'Vehicle row', '车辆明细'), v('2', 'Baris suku cadang', 'Part line', '配件明细')],
  ),
  dict('ticket_items_ticket_type', ['Jenis tiket', 'Ticket type', '工单类型'], TICKET_TYPE),
  dict(
    'ticket_items_outcome',
    ['Hasil', 'Outcome', '处理结果'],
    [
      v('1', 'Diperbaiki', 'Fixed', '已修复', 'success'),
      v('2', 'Ke bengkel', 'To workshop', '转入维修', 'warning'),
      v('3', 'Tidak dapat direproduksi', 'Not reproducible', '无法复现', 'info'),
      v('4', 'Tidak ditemukan', 'Not found', '未找到', 'danger'),
    ],
  ),

  dict('ticket_events_event', ['Peristiwa tiket', 'Ticket event', '工单事件'], TICKET_EVENT),
  dict('ticket_events_from_status', ['Status awal', 'From status', '原状态'], TICKET_STATUS),
  dict('ticket_events_to_status', ['Status baru', 'To status', '新状态'], TICKET_STATUS),

  dict('zone_targets_status', ['Status target area', 'Zone target status', '区域目标状态'], ASSUMED_ACTIVE_DISABLED),
  // ISO weekdays (1 Monday … 7 Sunday) a zone target holds on: DOMAIN's weekday_mask kept as the days themselves.
  dict(
    'zone_targets_weekdays',
    ['Hari target area', 'Zone target days', '区域目标日期'],
    [
      v('1', 'Senin', 'Monday', '周一'),
      v('2', 'Selasa', 'Tuesday', '周二'),
      v('3', 'Rabu', 'Wednesday', '周三'),
      v('4', 'Kamis', 'Thursday', '周四'),
      v('5', 'Jumat', 'Friday', '周五'),
      v('6', 'Sabtu', 'Saturday', '周六'),
      v('7', 'Minggu', 'Sunday', '周日'),
    ],
  ),

  dict('partner_agencies_kind', ['Jenis mitra', 'Partner kind', '合作方类型'], PARTNER_KIND),
  dict(
    'partner_agencies_status',
    ['Status mitra', 'Partner status', '合作方状态'],
    [
      v('0', 'Aktif', 'Active', '合作中', 'success'),
      v('1', 'Ditangguhkan', 'Suspended', '已暂停', 'warning'),
      v('2', 'Berakhir', 'Ended', '已终止', 'info'),
    ],
  ),

  dict('join_applications_kind', ['Jenis kemitraan', 'Application kind', '申请类型'], PARTNER_KIND),
  dict('join_applications_status', ['Status pengajuan', 'Application status', '申请状态'], APPLICATION_STATUS),
];
