import { describe, expect, it } from 'vitest';
import { codeCatalogue } from '../i18n/codes.ts';
import { guideCatalogue } from '../i18n/guide.ts';
import { menuCatalogue } from '../i18n/menu.ts';
import { shellCatalogue } from '../i18n/shell.ts';
import { COLUMN_DICTS, DICTS, dictByType, dictCatalogue, dictForColumn } from './index.ts';

/** Tables of DOMAIN.md §2, §4–§8 (transcribed by hand): every dict_type is `<table>_<column>` of one of them. */
const TABLES = [
  // §2.1
  'brands',
  'product_models',
  'suppliers',
  'factory_lots',
  'vehicles',
  'vehicle_state_log',
  'batteries',
  'battery_events',
  'battery_acquisitions',
  'spare_part_types',
  'spare_parts',
  'spare_part_stocks',
  'spare_part_movements',
  'fault_types',
  'vehicle_faults',
  // §2.2
  'ticket_templates',
  'tickets',
  'ticket_items',
  'ticket_events',
  'zone_targets',
  'partner_agencies',
  'join_applications',
  // §2.3
  'members',
  'kyc_reviews',
  'feedbacks',
  'member_tags',
  'member_tag_links',
  'member_levels',
  'level_point_rules',
  'point_ledger',
  'level_benefits',
  'message_templates',
  // §2.4
  'merchant_applications',
  'merchants',
  'merchant_staff',
  // §2.5
  'billing_rules',
  'ride_orders',
  'swap_orders',
  // §2.6
  'rental_rules',
  'rental_durations',
  'rental_promotions',
  'rental_orders',
  'rental_order_events',
  // §2.7
  'currencies',
  'country_currencies',
  'payment_channels',
  'product_types',
  'payment_orders',
  'refunds',
  'qris_orders',
  'prepaid_orders',
  'topup_packages',
  'card_rules',
  'user_cards',
  'coupons',
  'user_coupons',
  'invoices',
  'print_records',
  'settlements',
  'settlement_lines',
  'profit_share_configs',
  'profit_share_entries',
  // §2.8–§2.10
  'activities',
  'activity_rewards',
  'activity_participations',
  'redemption_batches',
  'redemption_codes',
  'messages',
  'message_deliveries',
  'staff_notifications',
  'mall_shops',
  'mall_goods',
  'mall_orders',
  'mall_order_items',
  'help_categories',
  'help_articles',
  // §4
  'account_books',
  'accounts',
  'ledger_transactions',
  'ledger_entries',
  'idempotency_keys',
  'ledger_audits',
  'api_logs',
  // §5
  'tenants',
  'tenant_packages',
  'guide_settings',
  'tenant_guide_steps',
  'users',
  'user_sessions',
  'roles',
  'depts',
  'posts',
  'menus',
  'dict_types',
  'dict_data',
  'system_configs',
  'i18n_entries',
  'countries',
  'cities',
  'app_versions',
  'app_icons',
  'timed_tasks',
  'timed_task_runs',
  'login_logs',
  'operation_logs',
  'export_jobs',
  // §6
  'vehicle_telemetry',
  'vehicle_live_status',
  'cabinet_slots',
  'iot_commands',
  'illegal_move_locks',
  'alarm_rules',
  'alarms',
  'alarm_events',
  // §7
  'rpt_member_day',
  'rpt_merchant_day',
  'rpt_merchant_order_day',
  'rpt_ride_day',
  'rpt_ride_hour',
  'rpt_vehicle_day',
  'rpt_fleet_snapshot',
  'rpt_station_day',
  'rpt_ops_day',
  'rpt_payment_day',
  'rpt_topup_day',
  'rpt_fleet_day',
  // §8
  'zones',
  'stations',
];

/** RuoYi's shared dictionaries, the only types not named after a column. */
const SHARED_TYPES = ['sys_normal_disable', 'sys_user_sex', 'sys_lang'];

const values = (type: string) => dictByType(type)?.values.map((value) => value.value);
const label = (type: string, value: string) => dictByType(type)?.values.find((entry) => entry.value === value)?.label;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

describe('dictionaries (DOMAIN §0.2, §5.5)', () => {
  it('declares each dict_type once', () => {
    const types = DICTS.map((d) => d.type);
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect(dictByType(type)?.type).toBe(type);
    expect(dictByType('no_such_type')).toBeUndefined();
  });

  it('names every type <table>_<column> of a DOMAIN table (or a RuoYi sys_* type)', () => {
    for (const { type } of DICTS) {
      expect(type).toMatch(/^[a-z][a-z0-9_]*$/);
      if (SHARED_TYPES.includes(type)) continue;
      const table = TABLES.find((t) => type.startsWith(`${t}_`) && /^[a-z][a-z0-9_]*$/.test(type.slice(t.length + 1)));
      expect(table, `${type} is not <table>_<column>`).toBeDefined();
    }
  });

  it('keeps values unique, non-empty and stored as text within a type', () => {
    for (const d of DICTS) {
      const list = d.values.map((value) => value.value);
      expect(list.length, d.type).toBeGreaterThan(0);
      expect(new Set(list).size, d.type).toBe(list.length);
      for (const value of list) {
        expect(typeof value, d.type).toBe('string');
        expect(value, d.type).toMatch(/^\w+$/);
      }
    }
  });

  it('gives every name and label a non-empty ID, EN and ZH text', () => {
    for (const d of DICTS) {
      for (const lang of ['id', 'en', 'zh'] as const) {
        expect(d.name[lang].trim(), `${d.type} name ${lang}`).not.toBe('');
        for (const value of d.values) expect(value.label[lang].trim(), `${d.type}.${value.value} ${lang}`).not.toBe('');
      }
    }
  });

  it('uses only the list_class colours of DOMAIN §5.5, and colours every state', () => {
    const colours = ['primary', 'success', 'info', 'warning', 'danger'];
    for (const d of DICTS) {
      for (const value of d.values) if (value.listClass) expect(colours, `${d.type}.${value.value}`).toContain(value.listClass);
      if (
        /_(status|state)$/.test(d.type) &&
        !d.type.endsWith('_from_state') &&
        !d.type.endsWith('_to_state') &&
        !d.type.endsWith('_from_status') &&
        !d.type.endsWith('_to_status')
      ) {
        for (const value of d.values) expect(value.listClass, `${d.type}.${value.value} has no colour`).toBeDefined();
      }
    }
  });

  it('gives states the same colour meaning everywhere', () => {
    const colourOf = (type: string, value: string) => dictByType(type)?.values.find((entry) => entry.value === value)?.listClass;
    expect(colourOf('tickets_status', '3')).toBe('primary'); // in progress
    expect(colourOf('tickets_status', '5')).toBe('success'); // approved
    expect(colourOf('tickets_status', '6')).toBe('danger'); // rejected
    expect(colourOf('tickets_status', '8')).toBe('info'); // cancelled
    expect(colourOf('refunds_status', '0')).toBe('warning'); // waiting
    expect(colourOf('vehicles_op_state', '90')).toBe('danger'); // lost
    expect(colourOf('batteries_state', '60')).toBe('danger'); // faulty
    expect(colourOf('export_jobs_status', '4')).toBe('info'); // expired
  });

  describe('spot checks transcribed from DOMAIN.md', () => {
    it('§3.1 tickets_status 0 created … 8 cancelled', () => {
      expect(values('tickets_status')).toEqual(range(0, 8));
      expect(label('tickets_status', '1')?.id).toBe('Ditugaskan');
      expect(label('tickets_status', '3')?.en).toBe('In progress');
      expect(label('tickets_status', '8')?.id).toBe('Dibatalkan');
    });

    it('§3.1 tickets type, priority and cancel reasons', () => {
      expect(values('tickets_type')).toEqual(range(1, 6));
      expect(values('tickets_priority')).toEqual(range(1, 4));
      expect(values('tickets_cancel_reason')).toEqual(range(1, 9));
      expect(label('tickets_type', '6')?.en).toBe('Find vehicle');
    });

    it('§3.2 vehicles_op_state 10 in_stock … 120 retired (12 values)', () => {
      expect(values('vehicles_op_state')).toEqual(['10', '20', '30', '40', '50', '60', '70', '80', '90', '100', '110', '120']);
      expect(label('vehicles_op_state', '20')?.en).toBe('Available');
      expect(label('vehicles_op_state', '110')?.en).toBe('On rental');
    });

    it('§3.3 batteries_state 10, 20, 30, 40, 45, 50, 60, 70', () => {
      expect(values('batteries_state')).toEqual(['10', '20', '30', '40', '45', '50', '60', '70']);
      expect(label('batteries_state', '45')?.en).toBe('Charging');
      expect(label('batteries_state', '50')?.en).toBe('With member');
    });

    it('§3.4 ride_orders_status 0 reserved … 7 cancelled', () => {
      expect(values('ride_orders_status')).toEqual(range(0, 7));
      expect(label('ride_orders_status', '6')?.en).toBe('Abnormal');
    });

    it('§3.5–§3.9 rental, application, payment, refund, settlement states', () => {
      expect(values('rental_orders_status')).toEqual(range(0, 5));
      expect(values('merchant_applications_status')).toEqual(range(0, 4));
      expect(values('join_applications_status')).toEqual(range(0, 4));
      expect(values('payment_orders_status')).toEqual(range(0, 6));
      expect(values('refunds_status')).toEqual(range(0, 5));
      expect(values('settlements_status')).toEqual(range(0, 4));
    });

    it('§3.10–§3.13 QRIS, prepaid, coupons, redemption codes, activities', () => {
      expect(values('qris_orders_status')).toEqual(range(0, 3));
      expect(values('prepaid_orders_status')).toEqual(range(0, 2));
      expect(values('prepaid_orders_kind')).toEqual(range(1, 3));
      expect(dictByType('prepaid_orders_kind')?.values[0]?.label.en).toBe('PLN token');
      expect(values('coupons_status')).toEqual(range(0, 3));
      expect(values('user_coupons_status')).toEqual(range(1, 5));
      expect(values('redemption_codes_status')).toEqual(range(0, 3));
      expect(values('activities_status')).toEqual(range(0, 5));
    });

    it('§3.14 alarms_status 0 open … 4 ignored', () => {
      expect(values('alarms_status')).toEqual(range(0, 4));
      expect(label('alarms_status', '3')?.en).toBe('Recovered');
    });

    it('§3.15 timed_task_runs_status 0 success, 1 failed, 2 running, 3 skipped; timed_tasks_status char(1)', () => {
      expect(values('timed_task_runs_status')).toEqual(range(0, 3));
      expect(label('timed_task_runs_status', '2')?.en).toBe('Running');
      expect(values('timed_tasks_status')).toEqual(['0', '1']);
      expect(label('timed_tasks_status', '1')?.en).toBe('Paused');
    });

    it('§3.16 export_jobs_status 0 queued … 5 cancelled', () => {
      expect(values('export_jobs_status')).toEqual(range(0, 5));
    });

    it('§3.17 message_deliveries_status 0 queued … 4 read', () => {
      expect(values('message_deliveries_status')).toEqual(range(0, 4));
      expect(label('message_deliveries_status', '4')?.en).toBe('Read');
    });

    it('§5.8 operation_logs_business_type 0 other … 10 state transition', () => {
      expect(values('operation_logs_business_type')).toEqual(range(0, 10));
      expect(label('operation_logs_business_type', '10')?.en).toBe('State transition');
    });

    it('§5.2 user_sessions_revoke_reason 1 logout … 4 kicked by admin; roles_data_scope 1–5; users_user_type 00/10', () => {
      expect(values('user_sessions_revoke_reason')).toEqual(range(1, 4));
      expect(values('roles_data_scope')).toEqual(range(1, 5));
      expect(values('users_user_type')).toEqual(['00', '10']);
      expect(values('menus_menu_type')).toEqual(['M', 'C', 'F']);
    });

    it('text enums are stored as their text', () => {
      expect(values('payment_channels_channel_code')).toContain('VA_BCA');
      expect(values('product_types_code')).toEqual([
        'TOPUP',
        'RIDE',
        'SWAP',
        'CARD',
        'DEPOSIT',
        'RENTAL',
        'RENTAL_DEPOSIT',
        'LATE_FEE',
        'PENALTY',
        'MALL',
        'PLN',
        'PULSA',
        'DATA',
      ]);
      expect(values('timed_tasks_job_group')).toEqual(['DEFAULT', 'SYSTEM', 'ALARM', 'REPORT', 'BILLING', 'RENTAL']);
      expect(values('staff_notifications_biz_cmd')).toEqual(['message', 'titleMessage']);
      expect(values('ledger_entries_direction')).toEqual(['D', 'C']);
      expect(values('i18n_entries_client')).toEqual(['admin', 'app', 'server']);
    });

    it('columns that copy another enum carry the same codes', () => {
      expect(values('product_models_kind')).toEqual(values('brands_kind'));
      expect(values('ticket_items_ticket_type')).toEqual(values('tickets_type'));
      expect(values('alarm_rules_auto_ticket_type')).toEqual(values('tickets_type'));
      expect(values('vehicle_live_status_op_state')).toEqual(values('vehicles_op_state'));
      expect(values('payment_orders_purpose')).toEqual(values('product_types_code'));
      expect(values('join_applications_kind')).toEqual(values('partner_agencies_kind'));
      expect(values('merchant_applications_merchant_type')).toEqual(values('merchants_type'));
      expect(values('redemption_batches_reward_kind')).toEqual(values('activity_rewards_reward_kind'));
      expect(values('message_deliveries_channel')).toEqual(values('messages_channel'));
    });
  });

  it('resolves a column to its own dictionary or to the shared RuoYi one', () => {
    expect(dictForColumn('tickets', 'status')?.type).toBe('tickets_status');
    expect(dictForColumn('users', 'status')?.type).toBe('sys_normal_disable');
    expect(dictForColumn('users', 'sex')?.type).toBe('sys_user_sex');
    expect(dictForColumn('countries', 'default_lang')?.type).toBe('sys_lang');
    expect(dictForColumn('tickets', 'no_such_column')).toBeUndefined();
    for (const type of Object.values(COLUMN_DICTS)) expect(dictByType(type), type).toBeDefined();
  });

  describe('dictCatalogue()', () => {
    const catalogue = dictCatalogue();

    it('serves dict.<type>.<value> → label and dictType.<type> → name for every dictionary', () => {
      const valueCount = DICTS.reduce((n, d) => n + d.values.length, 0);
      expect(Object.keys(catalogue)).toHaveLength(DICTS.length + valueCount);
      expect(catalogue['dict.tickets_status.3']).toEqual(label('tickets_status', '3'));
      expect(catalogue['dictType.tickets_status']).toEqual(dictByType('tickets_status')?.name);
      expect(catalogue['dict.prepaid_orders_kind.1']?.id).toBe('Token PLN');
      for (const key of Object.keys(catalogue)) expect(key).toMatch(/^(dict\.[a-z][a-z0-9_]*\.\w+|dictType\.[a-z][a-z0-9_]*)$/);
    });

    it('collides with no key of the menu, shell, code or guide catalogues', () => {
      for (const part of [menuCatalogue, shellCatalogue, codeCatalogue, guideCatalogue]) {
        for (const key of Object.keys(part)) expect(key in catalogue, key).toBe(false);
      }
    });

    it('holds no {placeholder}, so it passes the catalogue placeholder check', () => {
      for (const [key, text] of Object.entries(catalogue)) {
        for (const lang of ['id', 'en', 'zh'] as const) expect(text[lang], key).not.toMatch(/\{\w+\}/);
      }
    });
  });
});
