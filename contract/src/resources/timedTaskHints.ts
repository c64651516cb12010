/**
 * A first, cheap shape check for a cron expression (6–7 space-separated fields of cron characters);
 * the full Quartz rules are checked by rules/quartzCron.ts on the server and in the form.
 */
export const QUARTZ_CRON_PATTERN_HINT = '^\\S+( \\S+){5,6}$';
