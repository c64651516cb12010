/**
 * The invoke targets a timed task may name (DOMAIN §5.8 allow-list). The server registers one handler
 * per target and refuses any other; the task form offers exactly these.
 */
export const JOB_TARGETS = ['sessionTask.cleanExpired', 'exportTask.expire'] as const;
export type JobTarget = (typeof JOB_TARGETS)[number];
