import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { RouterLink } from "../../../components/router-link.tsx";
import { saveBlob } from "../../../lib/api-blob.ts";
import { csvBlob } from "../../../lib/csv.ts";
import { fileDateStamp } from "../../../lib/date.ts";
import { showToast } from "../../../lib/toast.tsx";
import { type FigureTable, tableCsvRows } from "../analytics-tables.ts";

/**
 * One figure: its chart with the same numbers as a table beside it (what a screen reader reads and what a manager
 * copies) and a CSV of that table. Without rows it shows what to do instead of an empty chart.
 */
export function FigureCard({
  title,
  description,
  chart,
  table,
  csvName,
  loading,
  empty,
  actions,
  toolbar,
  tableFirst = false,
}: {
  title: string;
  description?: string;
  chart: ReactNode;
  table: FigureTable | null;
  csvName: string;
  loading: boolean;
  empty?: ReactNode;
  actions?: ReactNode;
  /** Controls under the title (tabs), above the chart and table. */
  toolbar?: ReactNode;
  /** A table that matters more than its chart (long lists) takes the wider side. */
  tableFirst?: boolean;
}) {
  const download = () => {
    if (!table) return;
    saveBlob(csvBlob(tableCsvRows(table)), `${csvName}_${fileDateStamp()}.csv`);
    showToast("CSVファイルをダウンロードしました", { type: "success" });
  };
  const hasRows = Boolean(table?.rows.length);
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1, mb: 1.5, flexWrap: "wrap" }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h2">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.25 }}>
              {description}
            </Typography>
          )}
        </Box>
        {actions}
        <Button
          size="small"
          color="inherit"
          startIcon={<FileDownloadOutlined />}
          disabled={!hasRows}
          onClick={download}
          sx={{ color: "text.secondary" }}
        >
          CSV
        </Button>
      </Box>
      {toolbar && <Box sx={{ mb: 1.5, borderBottom: 1, borderColor: "divider" }}>{toolbar}</Box>}
      {loading && !table ? (
        <Skeleton variant="rounded" height={260} />
      ) : !hasRows && empty ? (
        empty
      ) : (
        <Box
          sx={{
            display: "grid",
            gap: 2.5,
            gridTemplateColumns: {
              xs: "minmax(0, 1fr)",
              lg: tableFirst ? "minmax(0, 5fr) minmax(0, 7fr)" : "minmax(0, 7fr) minmax(0, 5fr)",
            },
            alignItems: "start",
            opacity: loading ? 0.6 : 1,
            transition: "opacity 120ms",
          }}
        >
          <Box sx={{ minWidth: 0 }}>{chart}</Box>
          {table && <FigureTableView table={table} />}
        </Box>
      )}
    </Card>
  );
}

function FigureTableView({ table }: { table: FigureTable }) {
  return (
    <TableContainer sx={{ maxHeight: 340, border: 1, borderColor: "divider", borderRadius: 2 }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {table.columns.map((column) => (
              <TableCell
                key={column.label}
                align={column.numeric ? "right" : "left"}
                sx={{
                  whiteSpace: "nowrap",
                  fontWeight: 600,
                  bgcolor: "grey.50",
                  py: 0.75,
                  px: 1.25,
                }}
              >
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.key} hover>
              {row.cells.map((cell, index) => (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are positional columns
                  key={index}
                  align={table.columns[index]?.numeric ? "right" : "left"}
                  sx={{ whiteSpace: "nowrap", py: 0.6, px: 1.25, fontVariantNumeric: "tabular-nums" }}
                >
                  {index === 0 && row.link ? (
                    <RouterLink to={row.link.to} search={row.link.search} underline="hover" title="タスク一覧で開く">
                      {cell}
                    </RouterLink>
                  ) : (
                    cell
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
