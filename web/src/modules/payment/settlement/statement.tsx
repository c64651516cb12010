import type { ResourceDef } from '@kayuh/contract/resources/types';
import { downloadFile } from '../../../lib/fileDownload';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';

/** Beyond the declaration: a settlement's statement as a PDF, each download journaled as a print. */
const statementExtras = (def: ResourceDef): ResourceExtras => ({
  rowActions: [
    {
      name: 'statement',
      title: 'settlement.statement',
      readOnly: true,
      run: (row) => downloadFile(`${def.api}/${String(row.settlementId)}/statement`, `${String(row.settlementNo)}.pdf`),
    },
  ],
});

/** A page of settlements (partners', investors', finance's), with each one's statement to download. */
export function SettlementPage({ resource }: { resource: ResourceDef }) {
  return <ResourcePage resource={resource} extras={statementExtras(resource)} />;
}
