/** export_jobs_status (DOMAIN §3.16): 0 queued, 1 running, 2 done, 3 failed, 4 expired, 5 cancelled. */
export const ExportStatus = { queued: '0', running: '1', done: '2', failed: '3', expired: '4', cancelled: '5' } as const;

/** A job still on its way: queued or running (the status comes as a number or a dictionary code). */
export const isPending = (status: unknown) => [ExportStatus.queued, ExportStatus.running].includes(String(status) as '0' | '1');
