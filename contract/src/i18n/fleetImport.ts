import type { Catalogue, Trilingual } from '../lang.ts';

const t = (id: string, en: string, zh: string): Trilingual => ({ id, en, zh });

/** Bulk work on the fleet (issue #10): importing vehicles and batteries from an xlsx, and printing QR labels. */
export const fleetImportCatalogue: Catalogue = {
  // Refusals of an import file's cells
  'fleetImport.unknownCity': t('Kota "{value}" tidak dikenal', 'Unknown city "{value}"', '未知城市“{value}”'),
  'fleetImport.cityOutOfScope': t(
    'Kota "{value}" di luar wewenang Anda',
    'The city "{value}" is outside your scope',
    '城市“{value}”不在您的权限范围内',
  ),
  'fleetImport.unknownModel': t('Kode model "{value}" tidak dikenal', 'Unknown model code "{value}"', '未知型号编码“{value}”'),
  'fleetImport.unknownStation': t('Kode stasiun "{value}" tidak dikenal', 'Unknown station code "{value}"', '未知站点编码“{value}”'),
  'fleetImport.unknownLot': t('Nomor lot "{value}" tidak dikenal', 'Unknown lot number "{value}"', '未知批次号“{value}”'),
  'fleetImport.duplicateInFile': t('Nilai yang sama sudah ada di baris {row}', 'The same value is already in row {row}', '与第 {row} 行的值重复'),
  'fleetImport.alreadyExists': t('"{value}" sudah terdaftar', '"{value}" already exists', '“{value}”已存在'),
  // The labels PDF
  'fleetImport.labelCaption': t('Pindai untuk berkendara', 'Scan to ride', '扫码骑行'),
  // The web: toolbar buttons and the import dialog
  'fleetImport.import': t('Impor', 'Import', '导入'),
  'fleetImport.importTitle': t('Impor {resource} dari Excel', 'Import {resource} from Excel', '从 Excel 导入{resource}'),
  'fleetImport.step1': t(
    'Unduh templat, isi satu baris per item (baris contoh boleh ditimpa atau dihapus).',
    'Download the template and fill in one row per item (overwrite or delete the example row).',
    '下载模板，每行填写一条（示例行可覆盖或删除）。',
  ),
  'fleetImport.step2': t(
    'Unggah berkas. Seluruh berkas diperiksa dulu: jika ada baris yang salah, tidak ada yang disimpan.',
    'Upload the file. The whole file is checked first: if any row is wrong, nothing is saved.',
    '上传文件。系统先校验整个文件：任一行有误则不保存任何数据。',
  ),
  'fleetImport.limits': t(
    'Maksimal {rows} baris, {mb} MB, format .xlsx',
    'At most {rows} rows, {mb} MB, .xlsx format',
    '最多 {rows} 行，{mb} MB，.xlsx 格式',
  ),
  'fleetImport.downloadTemplate': t('Unduh templat', 'Download template', '下载模板'),
  'fleetImport.pickFile': t('Pilih berkas .xlsx', 'Choose an .xlsx file', '选择 .xlsx 文件'),
  'fleetImport.upload': t('Unggah dan impor', 'Upload and import', '上传并导入'),
  'fleetImport.added': t('{count} data ditambahkan', '{count} added', '已添加 {count} 条'),
  'fleetImport.refused': t(
    'Berkas ditolak: {count} kesalahan, tidak ada yang disimpan. Perbaiki lalu unggah lagi.',
    'The file was refused: {count} errors, nothing was saved. Fix them and upload again.',
    '文件被拒绝：{count} 处错误，未保存任何数据。请修正后重新上传。',
  ),
  'fleetImport.moreErrors': t(
    'Ditampilkan {shown} dari {count} kesalahan',
    'Showing {shown} of {count} errors',
    '显示 {count} 处错误中的 {shown} 处',
  ),
  'fleetImport.row': t('Baris', 'Row', '行'),
  'fleetImport.column': t('Kolom', 'Column', '列'),
  'fleetImport.reason': t('Alasan', 'Reason', '原因'),
  'fleetImport.printLabels': t('Cetak label', 'Print labels', '打印标签'),
  'fleetImport.printLabelsHint': t(
    'Pilih kendaraan (maks. {max}) untuk mencetak label QR',
    'Select vehicles (at most {max}) to print QR labels',
    '请选择车辆（最多 {max} 辆）以打印二维码标签',
  ),
  'fleetImport.labelsReady': t('Label untuk {count} kendaraan siap', 'Labels for {count} vehicles are ready', '已生成 {count} 辆车的标签'),
};
