import { PLATFORM_ACCOUNTS } from '../rules/ledgerChart.ts';
import { currencyPick, money } from './moneyFields.ts';
import type { FieldChoice, FieldDef, ResourceDef } from './types.ts';

/**
 * The payment centre's configuration (DOMAIN §2.7): currencies and their rules, what each country pays in, the
 * operator's merchant accounts at the gateways, what a payment is for, and the top-up packages.
 */

/** The gateways a channel is a merchant account at (payment_channels.provider). */
export const PAYMENT_PROVIDERS = ['midtrans', 'xendit', 'iak', 'manual'] as const;
export const PAYMENT_PROVIDER_OPTIONS: ReadonlyArray<FieldChoice> = PAYMENT_PROVIDERS.map((value) => ({
  value,
  label: `option.paymentProvider.${value}`,
}));

/** The revenue accounts a product earns into: the platform's REV_* accounts (DOMAIN §4.1). */
export const REVENUE_ACCOUNT_OPTIONS: ReadonlyArray<FieldChoice> = PLATFORM_ACCOUNTS.filter((a) => a.code.startsWith('REV_')).map((a) => ({
  value: a.code,
  label: `option.revenueAccount.${a.code}`,
}));

/** A QRIS national merchant id: "ID" and 10–13 digits (the QRIS builder's own check, rules/qris.ts). */
export const NMID_PATTERN = '^ID[0-9]{10,13}$';
/** The name of a channel's secret: the server reads it from KAYUH_SECRET_<REF> (or the secrets file), never the database. */
export const CREDENTIALS_REF_PATTERN = '^[A-Z0-9_]{3,64}$';

const cityCodes: FieldDef = {
  name: 'cityCodes',
  type: 'idList',
  ref: { resource: 'city', labelField: 'cityInName' },
  hint: 'field.payment.cityCodes.hint',
  list: true,
  span: 24,
};

/**
 * Rule Management (/payment_main/currency/currencyListPage) [G]: a currency's smallest accounted unit, rounding and
 * the wallet caps. The code is set once: every money row in the database names its currency by it.
 */
export const currencyResource: ResourceDef = {
  key: 'currency',
  module: 'payment',
  page: 'currencyListPage',
  api: '/payment/currency',
  idName: 'currencyId',
  scope: 'global',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'code', order: 'asc' },
  titleField: 'code',
  refValue: 'code',
  currencyField: 'code',
  fields: [
    {
      name: 'code',
      type: 'text',
      required: true,
      min: 3,
      max: 3,
      pattern: '^[A-Z]{3}$',
      unique: true,
      form: 'add',
      hint: 'field.currency.code.hint',
      list: true,
      filter: 'eq',
      sortable: true,
      example: 'SGD',
    },
    { name: 'symbol', type: 'text', required: true, max: 8, list: true, example: 'S$' },
    {
      name: 'minorUnit',
      type: 'int',
      required: true,
      min: 0,
      max: 4,
      defaultValue: 0,
      hint: 'field.currency.minorUnit.hint',
      list: true,
      example: 2,
    },
    { name: 'rounding', type: 'dict', dict: 'currencies_rounding', required: true, defaultValue: '1', list: true },
    money('minTopup', { required: true, list: true, example: 1_000 }),
    money('maxWalletUnverified', { required: true, list: true, example: 200_000 }),
    money('maxWalletVerified', { required: true, list: true, example: 1_000_000, hint: 'field.currency.maxWalletVerified.hint' }),
    { name: 'status', type: 'dict', dict: 'currencies_status', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
};

/** /payment_main/countryCurrency [G]: the currencies a country pays in, its tax rate and the payment methods offered there. */
export const countryCurrencyResource: ResourceDef = {
  key: 'countryCurrency',
  module: 'payment',
  page: 'countryCurrency',
  api: '/payment/countryCurrency',
  idName: 'countryCurrencyId',
  scope: 'global',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'countryId', order: 'asc' },
  titleField: 'currencyCode',
  fields: [
    { name: 'countryId', type: 'ref', ref: { resource: 'country', labelField: 'nameIn' }, required: true, list: true, filter: 'eq', example: 1 },
    // Set once: another currency of the country is another row.
    {
      ...currencyPick({ name: 'currencyCode', defaultValue: undefined, example: 'MYR' }),
      uniqueWith: ['countryId'],
      form: 'add',
      list: true,
      filter: 'eq',
    },
    { name: 'isDefault', type: 'bool', required: true, defaultValue: false, hint: 'field.countryCurrency.isDefault.hint', list: true },
    {
      name: 'taxRateBp',
      type: 'int',
      required: true,
      min: 0,
      max: 10_000,
      defaultValue: 0,
      hint: 'field.countryCurrency.taxRateBp.hint',
      list: true,
      example: 1100,
    },
    {
      name: 'paymentMethods',
      type: 'dict',
      dict: 'payment_channels_channel_code',
      multiple: true,
      required: true,
      list: true,
      span: 24,
      example: ['QRIS', 'VA_BCA'],
    },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
};

/**
 * Payment merchants (/payment_main/merchant/merchantListPage): the operator's merchant accounts at the gateways, one per
 * channel and currency. The channel and currency are set once: they decide the clearing account the server opens the
 * channel's receivables on (clearingAccountId, DOMAIN §4.1). Secrets never come here: credentialsRef only names one.
 */
export const paymentChannelResource: ResourceDef = {
  key: 'paymentChannel',
  module: 'payment',
  page: 'merchantListPage',
  api: '/payment/merchant',
  idName: 'channelId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'channelCode', order: 'asc' },
  titleField: 'providerMerchantId',
  related: [{ resource: 'settlementImport', field: 'channelId', title: 'related.paymentChannel.settlements' }],
  fields: [
    {
      name: 'channelCode',
      type: 'dict',
      dict: 'payment_channels_channel_code',
      required: true,
      uniqueWith: ['currency'],
      form: 'add',
      list: true,
      filter: 'eq',
      sortable: true,
    },
    {
      name: 'provider',
      type: 'text',
      required: true,
      options: PAYMENT_PROVIDER_OPTIONS,
      hint: 'field.paymentChannel.provider.hint',
      list: true,
      filter: 'eq',
    },
    { name: 'providerMerchantId', type: 'text', required: true, max: 64, list: true, filter: 'like', example: 'G-KITABIKE-01' },
    {
      name: 'nmid',
      type: 'text',
      max: 15,
      pattern: NMID_PATTERN,
      hint: 'field.paymentChannel.nmid.hint',
      list: 'hidden',
      example: 'ID1020021181745',
    },
    {
      name: 'credentialsRef',
      type: 'text',
      required: true,
      max: 64,
      pattern: CREDENTIALS_REF_PATTERN,
      hint: 'field.paymentChannel.credentialsRef.hint',
      list: 'hidden',
      example: 'MIDTRANS_KITABIKE',
    },
    money('feeFixed', { required: true, defaultValue: 0, list: true }),
    { name: 'feeBp', type: 'int', required: true, min: 0, max: 10_000, defaultValue: 0, hint: 'field.paymentChannel.feeBp.hint', list: true },
    currencyPick({ form: 'add', list: true }),
    { name: 'settleDays', type: 'int', required: true, min: 0, max: 30, defaultValue: 1, hint: 'field.paymentChannel.settleDays.hint', list: true },
    cityCodes,
    { name: 'status', type: 'dict', dict: 'payment_channels_status', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'clearingAccountId', type: 'ref', ref: { resource: 'account', labelField: 'accountNo' }, serverOnly: true, list: 'hidden' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
};

/**
 * Product types (/payment_main/productType): what a payment or a posting is for, and the revenue account it earns into.
 * The code is set once: payment orders name their purpose by it.
 */
export const productTypeResource: ResourceDef = {
  key: 'productType',
  module: 'payment',
  page: 'productType',
  api: '/payment/productType',
  idName: 'productTypeId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'code', order: 'asc' },
  titleField: 'nameKey',
  fields: [
    { name: 'code', type: 'dict', dict: 'product_types_code', required: true, unique: true, form: 'add', list: true, filter: 'eq', sortable: true },
    {
      name: 'nameKey',
      type: 'text',
      required: true,
      max: 100,
      pattern: '^[A-Za-z][A-Za-z0-9_.-]*$',
      translated: true,
      hint: 'field.productType.nameKey.hint',
      list: true,
      example: 'dict.product_types_code.RIDE',
    },
    {
      name: 'revenueAccountCode',
      type: 'text',
      options: REVENUE_ACCOUNT_OPTIONS,
      hint: 'field.productType.revenueAccountCode.hint',
      list: true,
      filter: 'eq',
    },
    { name: 'taxable', type: 'bool', required: true, defaultValue: false, list: true },
    { name: 'refundable', type: 'bool', required: true, defaultValue: true, list: true },
    { name: 'status', type: 'dict', dict: 'product_types_status', required: true, defaultValue: '0', list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
  ],
};

/** topup_packages.status (dictionary topup_packages_status): on sale, or off sale. */
export const TopupPackageStatus = { onSale: 0, offSale: 1 } as const;

/**
 * Top-up packages (/payment_main/recharge): pay the amount, get the bonus on top, in the cities listed (none: all),
 * between its start and end. A new package starts off sale; whoever may publish puts it on sale and takes it off.
 */
export const topupPackageResource: ResourceDef = {
  key: 'topupPackage',
  module: 'payment',
  page: 'recharge',
  api: '/payment/recharge',
  idName: 'packageId',
  scope: 'tenant',
  editable: true,
  actions: ['add', 'edit', 'remove'],
  defaultSort: { field: 'sort', order: 'asc' },
  titleField: 'labelKey',
  fields: [
    money('amount', { required: true, min: 1, list: true, sortable: true, example: 75_000 }),
    money('bonus', { required: true, defaultValue: 0, hint: 'field.topupPackage.bonus.hint', list: true, sortable: true, example: 7_500 }),
    currencyPick({ list: 'hidden' }),
    { name: 'labelKey', type: 'text', max: 100, translated: true, hint: 'field.topupPackage.labelKey.hint', list: true, example: 'Bonus 10%' },
    cityCodes,
    { name: 'firstTopupOnly', type: 'bool', required: true, defaultValue: false, list: true },
    { name: 'startAt', type: 'datetime', list: true, sortable: true },
    { name: 'endAt', type: 'datetime', list: true, sortable: true },
    { name: 'sort', type: 'int', required: true, min: 0, max: 9999, defaultValue: 0, list: true, sortable: true },
    { name: 'status', type: 'dict', dict: 'topup_packages_status', form: false, list: true, filter: 'eq' },
    { name: 'remark', type: 'textarea', max: 500, list: 'hidden', span: 24 },
    { name: 'createdAt', type: 'datetime', serverOnly: true, list: 'hidden', sortable: true },
  ],
  transitions: [
    {
      name: 'putOnSale',
      field: 'status',
      from: [String(TopupPackageStatus.offSale)],
      to: String(TopupPackageStatus.onSale),
      action: 'publish',
      bulk: true,
    },
    {
      name: 'takeOffSale',
      field: 'status',
      from: [String(TopupPackageStatus.onSale)],
      to: String(TopupPackageStatus.offSale),
      action: 'publish',
      confirm: true,
      bulk: true,
    },
  ],
};
