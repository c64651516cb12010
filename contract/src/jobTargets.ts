/**
 * The invoke targets a timed task may name (DOMAIN §5.8 allow-list). The server registers one handler
 * per target and refuses any other; the task form picks from exactly these (timedTask's `invokeTarget` options).
 */
export const JOB_TARGETS = [
  'sessionTask.cleanExpired',
  'exportTask.expire',
  'deviceTask.keepTelemetry',
  'deviceTask.markOffline',
  'alarmTask.scanOffline',
  'alarmTask.repeatNotices',
  'paymentTask.expireOrders',
  'paymentTask.submitRefunds',
  'paymentTask.checkPrepaid',
  'ledgerTask.audit',
  'rideTask.endOverdue',
  'passTask.expire',
  'swapTask.expire',
  'memberTask.evaluateTags',
  'memberTask.grantLevelCoupons',
  'ticketTask.sla',
  'ticketTask.rules',
  'ticketTask.zoneTargets',
  'shareTask.accrue',
  'shareTask.settle',
] as const;
export type JobTarget = (typeof JOB_TARGETS)[number];

/** The allow-list as choices: each target with its description's i18n key (`jobTarget.<target>`). */
export const JOB_TARGET_OPTIONS = JOB_TARGETS.map((value) => ({ value, label: `jobTarget.${value}` }));

/**
 * What a run's message says when the scheduler or a job writes it: i18n keys, shown in the reader's language with
 * the run's count beside them (a failure's own error text is kept as it was thrown).
 */
export const JOB_RUN_MESSAGES = {
  sessionsExpired: 'jobRun.msg.sessionsExpired',
  exportsExpired: 'jobRun.msg.exportsExpired',
  telemetryKept: 'jobRun.msg.telemetryKept',
  vehiclesOffline: 'jobRun.msg.vehiclesOffline',
  offlineAlarms: 'jobRun.msg.offlineAlarms',
  alarmsRepeated: 'jobRun.msg.alarmsRepeated',
  ordersExpired: 'jobRun.msg.ordersExpired',
  refundsSubmitted: 'jobRun.msg.refundsSubmitted',
  prepaidSettled: 'jobRun.msg.prepaidSettled',
  booksDrifted: 'jobRun.msg.booksDrifted',
  ridesOverdue: 'jobRun.msg.ridesOverdue',
  passesExpired: 'jobRun.msg.passesExpired',
  swapsExpired: 'jobRun.msg.swapsExpired',
  tagsEvaluated: 'jobRun.msg.tagsEvaluated',
  levelCouponsGranted: 'jobRun.msg.levelCouponsGranted',
  ticketsSla: 'jobRun.msg.ticketsSla',
  ticketsFromRules: 'jobRun.msg.ticketsFromRules',
  ticketsFromZoneTargets: 'jobRun.msg.ticketsFromZoneTargets',
  sharesAccrued: 'jobRun.msg.sharesAccrued',
  settlementsMade: 'jobRun.msg.settlementsMade',
  misfireSkipped: 'jobRun.msg.misfireSkipped',
  previousRunning: 'jobRun.msg.previousRunning',
  notAllowed: 'jobRun.msg.notAllowed',
  timeout: 'jobRun.msg.timeout',
  aborted: 'jobRun.msg.aborted',
} as const;
