import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "@tasuki/contract/billing/invoice.schema";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { formatJapaneseDate } from "../../../lib/date.ts";
import { useDownloadInvoicePdf } from "../api/download-invoice-pdf.ts";
import { useInvoices } from "../api/list-invoices.ts";
import { yen } from "./yen.ts";

const STATUS_COLORS: Record<InvoiceStatus, "success" | "warning" | "error" | "default"> = {
  paid: "success",
  open: "warning",
  past_due: "error",
  cancelled: "default",
};

/** 請求書: the invoices, newest first, each with its PDF (a table, and one block per invoice on phones). */
export function InvoicesSection({ workspaceId }: { workspaceId: string }) {
  const invoices = useInvoices(workspaceId, 1);
  const download = useDownloadInvoicePdf();
  return (
    <SectionCard title="請求書" description="適格請求書（インボイス）をPDFでダウンロードできます。">
      {invoices.isPending && <Skeleton variant="rounded" height={96} />}
      {invoices.isError && <ErrorState error={invoices.error} onRetry={() => void invoices.refetch()} />}
      {invoices.data && invoices.data.items.length === 0 && (
        <EmptyState
          title="請求書はまだありません"
          description="有料プランをお申し込みいただくと、ここに請求書が表示されます。"
        />
      )}
      {invoices.data && invoices.data.items.length > 0 && (
        <>
          <Box sx={{ overflowX: "auto", display: { xs: "none", sm: "block" } }}>
            <Table size="small" aria-label="請求書一覧" sx={{ "& th, & td": { whiteSpace: "nowrap" } }}>
              <TableHead>
                <TableRow>
                  <TableCell>請求書番号</TableCell>
                  <TableCell>発行日</TableCell>
                  <TableCell align="right">金額（税込）</TableCell>
                  <TableCell>支払期限</TableCell>
                  <TableCell>状態</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {invoices.data.items.map((invoice) => (
                  <TableRow key={invoice.id}>
                    <TableCell sx={{ fontFamily: "monospace" }}>{invoice.number}</TableCell>
                    <TableCell>{formatJapaneseDate(invoice.issued_at)}</TableCell>
                    <TableCell align="right">{yen(invoice.total)}</TableCell>
                    <TableCell>{formatJapaneseDate(invoice.due_date)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={INVOICE_STATUS_LABELS[invoice.status]}
                        color={STATUS_COLORS[invoice.status]}
                      />
                    </TableCell>
                    <TableCell align="right">
                      <PdfButton invoice={invoice} onDownload={() => download.mutateAsync(invoice)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {/* Phones: one block per invoice, so that no column is squeezed into a character per line. */}
          <Stack
            component="ul"
            aria-label="請求書一覧"
            spacing={1}
            sx={{ display: { xs: "flex", sm: "none" }, listStyle: "none", p: 0, m: 0 }}
          >
            {invoices.data.items.map((invoice) => (
              <Box
                component="li"
                key={invoice.id}
                sx={{ border: 1, borderColor: "divider", borderRadius: 2, px: 2, py: 1.25 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <Typography variant="body2" sx={{ fontFamily: "monospace", fontWeight: 700, flexGrow: 1 }}>
                    {invoice.number}
                  </Typography>
                  <Chip
                    size="small"
                    label={INVOICE_STATUS_LABELS[invoice.status]}
                    color={STATUS_COLORS[invoice.status]}
                  />
                </Stack>
                <Stack direction="row" spacing={1} sx={{ alignItems: "flex-end", mt: 0.5 }}>
                  <Box sx={{ flexGrow: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {yen(invoice.total)}
                      <Typography component="span" variant="caption" sx={{ color: "text.secondary" }}>
                        （税込）
                      </Typography>
                    </Typography>
                    {/* Two lines: both dates on one would break inside a date at this width. */}
                    <Typography variant="caption" component="p" sx={{ color: "text.secondary" }}>
                      発行 {formatJapaneseDate(invoice.issued_at)}
                    </Typography>
                    <Typography variant="caption" component="p" sx={{ color: "text.secondary" }}>
                      支払期限 {formatJapaneseDate(invoice.due_date)}
                    </Typography>
                  </Box>
                  <PdfButton invoice={invoice} onDownload={() => download.mutateAsync(invoice)} />
                </Stack>
              </Box>
            ))}
          </Stack>
        </>
      )}
    </SectionCard>
  );
}

function PdfButton({ invoice, onDownload }: { invoice: { number: string }; onDownload: () => Promise<unknown> }) {
  return (
    <Button
      size="small"
      startIcon={<PictureAsPdfOutlined />}
      // The mutation cache shows the error.
      onClick={() => onDownload().catch(() => undefined)}
      aria-label={`請求書 ${invoice.number} のPDFをダウンロード`}
      sx={{ flexShrink: 0 }}
    >
      PDF
    </Button>
  );
}
