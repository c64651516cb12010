import { InvoiceStatus } from '@kayuh/contract/api/invoices';
import { invoiceResource } from '@kayuh/contract/resources/invoices';
import { downloadFile } from '../../../lib/fileDownload';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';

const printable: number[] = [InvoiceStatus.issued, InvoiceStatus.voided];

/** Beyond the declaration: an issued (or voided) invoice's PDF, each download journaled as a print. */
const invoiceExtras: ResourceExtras = {
  rowActions: [
    {
      name: 'download',
      title: 'invoice.download',
      readOnly: true,
      enabled: (row) => printable.includes(Number(row.status)),
      run: (row) => downloadFile(`/payment/invoice/${String(row.invoiceId)}/pdf`, `${String(row.invoiceNo)}.pdf`),
    },
  ],
};

/** payment_main/invoice/invoiceListPage: invoice requests over paid orders, issued by finance as PDFs. */
export default function InvoicePage() {
  return <ResourcePage resource={invoiceResource} extras={invoiceExtras} />;
}
