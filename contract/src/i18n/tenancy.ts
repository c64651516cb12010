import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Words of the super admin's tenant and package pages (DOMAIN §5.1) and of tenant provisioning. */
export const tenancyCatalogue: Catalogue = {
  'resource.tenant': t('Tenant', 'Tenant', '租户'),
  'field.tenant.tenantCode': t('Kode Tenant', 'Tenant code', '租户编码'),
  'field.tenant.brandName': t('Merek', 'Brand', '品牌名称'),
  'field.tenant.companyName': t('Nama Perusahaan', 'Company name', '公司名称'),
  'field.tenant.packageId': t('Paket', 'Package', '租户套餐'),
  'field.tenant.contactUserName': t('Kontak', 'Contact person', '联系人'),
  'field.tenant.contactPhone': t('Telepon Kontak', 'Contact phone', '联系电话'),
  'field.tenant.email': t('Email', 'Email', '邮箱'),
  'field.tenant.adminUserName': t('Nama Pengguna Admin', 'Admin user name', '管理员账号'),
  'field.tenant.adminUserName.hint': t(
    'Admin pertama tenant; ia menetapkan kata sandinya sendiri saat pertama masuk.',
    "The tenant's first admin; they set their own password at first sign-in.",
    '租户的首个管理员；首次登录时需设置自己的密码。',
  ),
  'field.tenant.adminPassword': t('Kata Sandi Awal Admin', 'Admin initial password', '管理员初始密码'),
  'field.tenant.countryId': t('Negara', 'Country', '国家'),
  'field.tenant.defaultLang': t('Bahasa Bawaan', 'Default language', '默认语言'),
  'field.tenant.defaultCurrency': t('Mata Uang', 'Currency', '币种'),
  'field.tenant.licenseNumber': t('NIB', 'Business licence (NIB)', '营业执照号 (NIB)'),
  'field.tenant.npwp': t('NPWP', 'Tax number (NPWP)', '税号 (NPWP)'),
  'field.tenant.domain': t('Domain', 'Domain', '域名'),
  'field.tenant.address': t('Alamat', 'Address', '地址'),
  'field.tenant.expireAt': t('Berlaku Hingga', 'Expires at', '到期时间'),
  'field.tenant.accountLimit': t('Batas Akun', 'Account limit', '账号上限'),
  'field.tenant.accountLimit.hint': t(
    'Jumlah akun staf yang boleh dimiliki; −1 berarti tanpa batas.',
    'How many staff accounts the tenant may hold; −1 means no limit.',
    '租户可拥有的员工账号数量；−1 表示不限。',
  ),
  'field.tenant.gbfsEnabled': t('Feed GBFS publik', 'Public GBFS feed', '公开 GBFS 数据源'),
  'field.tenant.gbfsEnabled.hint': t(
    'Menerbitkan sepeda, stasiun, dan zona tenant di /gbfs/v3/<kode tenant>/manifest.json untuk aplikasi perencana perjalanan; jika mati, alamat itu menjawab 404.',
    "Publishes the tenant's bikes, stations and zones at /gbfs/v3/<tenant code>/manifest.json for trip planners; off, those addresses answer 404.",
    '在 /gbfs/v3/<租户编码>/manifest.json 向出行规划应用公开该租户的车辆、站点和区域；关闭后这些地址返回 404。',
  ),
  'field.tenant.status': t('Status', 'Status', '状态'),
  'field.tenant.remark': t('Catatan', 'Remark', '备注'),
  'field.tenant.createdAt': t('Dibuat pada', 'Created at', '创建时间'),

  'resource.tenantPackage': t('Paket Tenant', 'Tenant package', '租户套餐'),
  'field.tenantPackage.packageName': t('Nama Paket', 'Package name', '套餐名称'),
  'field.tenantPackage.status': t('Status', 'Status', '状态'),
  'field.tenantPackage.menuIds': t('Menu yang Termasuk', 'Menus included', '包含菜单'),
  'field.tenantPackage.remark': t('Catatan', 'Remark', '备注'),
  'field.tenantPackage.updatedAt': t('Diperbarui pada', 'Updated at', '更新时间'),

  'tenant.platformLocked': t(
    'Tenant platform tidak dapat dinonaktifkan atau dihapus.',
    'The platform tenant cannot be disabled or removed.',
    '平台租户不能停用或删除。',
  ),
  'tenant.accountLimit': t('Batas akun tenant ini sudah tercapai.', "This tenant's account limit is reached.", '该租户的账号数量已达上限。'),
  'tenantPackage.inUse': t('Paket ini masih dipakai tenant.', 'Tenants still use this package.', '仍有租户在使用该套餐。'),
};
