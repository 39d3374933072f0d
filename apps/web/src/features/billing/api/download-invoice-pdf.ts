import { useMutation } from "@tanstack/react-query";
import { getInvoiceContract } from "@tasuki/contract/billing/invoice-get.contract";
import { buildPath } from "@tasuki/contract/common/define-contract";
import { fetchApiFile, saveBlob } from "../../../lib/api-blob.ts";

/** The invoice's PDF, fetched with the bearer token and handed to the browser as a download. */
export async function downloadInvoicePdf(invoice: { id: string; number: string }) {
  const file = await fetchApiFile(buildPath(getInvoiceContract.path, { id: invoice.id }), { query: { format: "pdf" } });
  saveBlob(file.blob, file.fileName ?? `請求書_${invoice.number}.pdf`);
}

export function useDownloadInvoicePdf() {
  return useMutation({ mutationFn: downloadInvoicePdf });
}
