import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { ExportLangModal } from './ExportLangModal';
import { ImportLangModal } from './ImportLangModal';

/** The console catalogue: one language out to a translator's spreadsheet (export permission) and back (import). */
export const i18nAdminExtras: ResourceExtras = {
  toolbar: [
    { name: 'exportLang', title: 'page.i18nAdmin.exportLang', perm: 'export', icon: <DownloadOutlined aria-hidden />, Dialog: ExportLangModal },
    { name: 'import', title: 'action.import', perm: 'import', icon: <UploadOutlined aria-hidden />, Dialog: ImportLangModal },
  ],
};
