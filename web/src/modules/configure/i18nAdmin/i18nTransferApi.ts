import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportLangRequest, ImportCounts } from '@kayuh/contract/api/i18nTransfer';
import { PLATFORM_TENANT_ID } from '@kayuh/contract/constants';
import type { Lang } from '@kayuh/contract/lang';
import { i18nAdminResource } from '@kayuh/contract/resources/i18n';
import { downloadFile } from '../../../lib/fileDownload';
import { uploadFile } from '../../../lib/fileUpload';
import { switchLanguage } from '../../../lib/language';
import { resourceQueryKey } from '../../../shared/resource/resourceApi';
import { useConfigStore } from '../../../stores/configStore';
import { useUserStore } from '../../../stores/userStore';

const API = i18nAdminResource.api;

/** One language as an xlsx for a translator, saved by the browser. */
export const exportLang = (body: ExportLangRequest) => downloadFile(`${API}/exportLang`, `console-texts-${body.lang}.xlsx`, body);

/**
 * Imports one language's file. Afterwards the list re-reads and, when the import touched the language on screen,
 * the console's own texts reload, so the new words show at once. Errors are left to the dialog (silent).
 */
export function useImportLang() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lang, file }: { lang: Lang; file: File }) => uploadFile<ImportCounts>(`${API}/import`, file, { lang }, { silent: true }),
    onSuccess: async (_counts, { lang }) => {
      await client.invalidateQueries({ queryKey: resourceQueryKey(i18nAdminResource.key) });
      const shown = useConfigStore.getState().lang;
      if (lang === shown) await switchLanguage(shown).catch(() => undefined);
    },
  });
}

/** Whether the caller works in the platform's texts (the super admin's platform-wide view) rather than a tenant's. */
export function useWritesPlatform(): boolean {
  const tenantId = useConfigStore((s) => s.tenantId);
  const ownTenant = useUserStore((s) => s.userInfo?.tenantId);
  return (tenantId ?? ownTenant) === PLATFORM_TENANT_ID;
}
