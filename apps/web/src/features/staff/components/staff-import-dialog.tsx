import ErrorOutlineOutlined from "@mui/icons-material/ErrorOutlineOutlined";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type ChangeEvent, type DragEvent, Fragment, useRef, useState } from "react";
import { saveBlob } from "../../../lib/api-blob.ts";
import { apiErrorMessage } from "../../../lib/api-error-message.ts";
import { showToast } from "../../../lib/toast.tsx";
import { announceUpgradeNeeded, upgradeNeededOf } from "../../../lib/upgrade-needed.ts";
import { type ImportStaffResult, useImportStaff } from "../../workspace-user/api/import-staff.ts";
import { type MappedStaffCsv, readStaffCsvFile, STAFF_CSV_COLUMNS, staffCsvTemplate } from "../staff-csv.ts";
import { useRefreshStaff } from "../use-staff-actions.ts";

/** The cells of a preview row, in the order of the template's columns. */
const PREVIEW_COLUMNS = STAFF_CSV_COLUMNS.map(({ key }) => key);

/** Rows drawn in the preview at most; the counts above it cover the whole file. */
const PREVIEW_LIMIT = 300;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Checked = MappedStaffCsv & {
  fileName: string;
  encoding: "utf-8" | "shift_jis";
  result: ImportStaffResult | null;
};

type Stage =
  | { kind: "select"; error?: string }
  | { kind: "checking"; fileName: string }
  | { kind: "preview"; checked: Checked; error?: string };

/**
 * インポート: choose a CSV file (UTF-8 with or without BOM, or Shift_JIS), see every row as the server
 * would take it (a dry run, with each row's errors), and write them only when no row has an error.
 */
export function StaffImportDialog({
  open,
  workspaceId,
  onClose,
}: {
  open: boolean;
  workspaceId: string;
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down("md"));
  // Choosing a file needs little room; the preview table wants the whole width.
  const [wide, setWide] = useState(false);
  // Kept until the closing fade has ended; a new opening starts from the file choice again.
  const [opening, setOpening] = useState(0);
  const [mounted, setMounted] = useState(false);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setOpening((count) => count + 1);
      setMounted(true);
    }
  }
  return (
    <Dialog
      slotProps={{
        transition: {
          onExited: () => {
            setWide(false);
            setMounted(false);
          },
        },
      }}
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={wide ? "lg" : "sm"}
      fullScreen={fullScreen}
      aria-labelledby="staff-import-title"
    >
      {mounted && (
        <ImportFlow key={opening} workspaceId={workspaceId} onClose={onClose} onPreview={() => setWide(true)} />
      )}
    </Dialog>
  );
}

function ImportFlow({
  workspaceId,
  onClose,
  onPreview,
}: {
  workspaceId: string;
  onClose: () => void;
  onPreview: () => void;
}) {
  const [stage, setStage] = useState<Stage>({ kind: "select" });
  const [errorsOnly, setErrorsOnly] = useState(false);
  const dryRun = useImportStaff({ toastError: false });
  const write = useImportStaff({ toastError: false });
  const refresh = useRefreshStaff();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);

  const check = async (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      setStage({ kind: "select", error: "ファイルが大きすぎます（5MBまで）。ファイルを分けてください。" });
      return;
    }
    setStage({ kind: "checking", fileName: file.name });
    let mapped: Awaited<ReturnType<typeof readStaffCsvFile>>;
    try {
      mapped = await readStaffCsvFile(file);
    } catch {
      setStage({ kind: "select", error: "ファイルを読み込めませんでした。CSV形式のファイルを選んでください。" });
      return;
    }
    const base: Checked = { ...mapped, fileName: file.name, result: null };
    onPreview();
    if (mapped.errors.length > 0) {
      setStage({ kind: "preview", checked: base });
      return;
    }
    try {
      const result = await dryRun.mutateAsync({ workspace_id: workspaceId, dry_run: true, rows: mapped.rows });
      setErrorsOnly(result.rows.some((row) => row.errors.length > 0));
      setStage({ kind: "preview", checked: { ...base, result } });
    } catch (error) {
      setStage({ kind: "preview", checked: base, error: apiErrorMessage(error) });
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) void check(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    const file = event.dataTransfer.files[0];
    if (file) void check(file);
  };

  const commit = async (checked: Checked) => {
    let result: ImportStaffResult;
    try {
      result = await write.mutateAsync({ workspace_id: workspaceId, dry_run: false, rows: checked.rows });
    } catch (error) {
      // Past the free plan's staff limit: the upgrade dialog offers the plans as well.
      const upgrade = upgradeNeededOf(error);
      if (upgrade) announceUpgradeNeeded(upgrade);
      setStage({ kind: "preview", checked, error: apiErrorMessage(error) });
      return;
    }
    await refresh();
    const parts = [
      result.created > 0 ? `${result.created}名を招待` : null,
      result.updated > 0 ? `${result.updated}名を更新` : null,
    ].filter(Boolean);
    showToast(parts.length > 0 ? `${parts.join("、")}しました` : "取り込みました", { type: "success" });
    onClose();
  };

  const chooser = (
    <input ref={inputRef} type="file" accept=".csv,text/csv" hidden onChange={onFile} aria-label="CSVファイルを選択" />
  );

  if (stage.kind === "select" || stage.kind === "checking") {
    return (
      <>
        <DialogTitle id="staff-import-title">CSVからスタッフをインポート</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {stage.kind === "select" && stage.error && <Alert severity="error">{stage.error}</Alert>}
            <Box
              onDragOver={(event) => {
                event.preventDefault();
                setDragOver(true);
              }}
              onDragLeave={() => setDragOver(false)}
              onDrop={onDrop}
              sx={{
                border: "2px dashed",
                borderColor: dragOver ? "primary.main" : "divider",
                bgcolor: dragOver ? "rgba(57, 73, 171, 0.05)" : "#fafbfe",
                borderRadius: 3,
                py: 6,
                px: 3,
                textAlign: "center",
                transition: "border-color 120ms, background-color 120ms",
              }}
            >
              {stage.kind === "checking" ? (
                <Stack spacing={2} sx={{ alignItems: "center" }} role="status" aria-live="polite">
                  <CircularProgress size={32} />
                  <Typography variant="body2">「{stage.fileName}」の内容を確認しています…</Typography>
                </Stack>
              ) : (
                <Stack spacing={1.5} sx={{ alignItems: "center" }}>
                  <UploadFileOutlined sx={{ fontSize: 40, color: "primary.main" }} />
                  <Typography variant="body1" sx={{ fontWeight: 600 }}>
                    CSVファイルをここにドロップ
                  </Typography>
                  <Typography variant="body2" sx={{ color: "text.secondary" }}>
                    または
                  </Typography>
                  <Button variant="contained" onClick={() => inputRef.current?.click()}>
                    ファイルを選択
                  </Button>
                  {chooser}
                </Stack>
              )}
            </Box>
            <Box component="ul" sx={{ m: 0, pl: 2.5, color: "text.secondary", fontSize: 13, lineHeight: 1.9 }}>
              <li>
                1行目は見出しです：
                <Box component="span" sx={{ fontWeight: 600, color: "text.primary" }}>
                  {STAFF_CSV_COLUMNS.map(({ label, required }) => (required ? `${label}（必須）` : label)).join("、")}
                </Box>
              </li>
              <li>
                文字コードは UTF-8（BOM付き・なし）と Shift_JIS
                に対応しています。Excelで保存したファイルをそのまま使えます。
              </li>
              <li>
                メールアドレスが登録済みのスタッフは情報を更新し、新しいメールアドレスには招待メールを送ります。空欄の項目は変更しません。
              </li>
              <li>
                役職・メイングループは登録済みの名前で、権限は「オーナー・管理者・メンバー・ゲスト」で入力します。
              </li>
              <li>取り込む前に全行をチェックし、エラーがあれば何も登録しません。</li>
            </Box>
            <Box>
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={() => saveBlob(staffCsvTemplate(), "スタッフ取り込みテンプレート.csv")}
                sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
              >
                <FileDownloadOutlined fontSize="small" />
                テンプレートをダウンロード
              </Link>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={onClose}>
            キャンセル
          </Button>
        </DialogActions>
      </>
    );
  }

  const { checked } = stage;
  const verdicts = checked.result?.rows ?? [];
  const failed = verdicts.filter((row) => row.errors.length > 0).length;
  const created = checked.result?.created ?? 0;
  const updated = checked.result?.updated ?? 0;
  const blocked = checked.errors.length > 0 || !checked.result || failed > 0;
  // The server numbers rows from 2 in the order sent; the file's own line numbers skip blank lines too.
  const verdictByLine = new Map(verdicts.map((verdict) => [verdict.line, verdict]));
  const rows = checked.rows.map((row, index) => ({
    row,
    line: checked.lines[index] ?? index + 2,
    verdict: verdictByLine.get(index + 2),
  }));
  const visible = (errorsOnly ? rows.filter((item) => item.verdict?.errors.length) : rows).slice(0, PREVIEW_LIMIT);
  const hiddenCount = (errorsOnly ? failed : rows.length) - visible.length;

  return (
    <>
      <DialogTitle id="staff-import-title">取り込み内容の確認</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <InsertDriveFileOutlined fontSize="small" sx={{ color: "text.secondary" }} />
            <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
              {checked.fileName}
            </Typography>
            <Chip size="small" variant="outlined" label={checked.encoding === "shift_jis" ? "Shift_JIS" : "UTF-8"} />
            <Chip size="small" variant="outlined" label={`${checked.rows.length.toLocaleString("ja-JP")}行`} />
            <Box sx={{ flexGrow: 1 }} />
            {checked.result && (
              <>
                <Chip size="small" color="success" label={`新規 ${created}件`} />
                <Chip size="small" color="info" label={`更新 ${updated}件`} />
                <Chip size="small" color={failed > 0 ? "error" : "default"} label={`エラー ${failed}件`} />
              </>
            )}
          </Box>

          {checked.errors.map((message) => (
            <Alert key={message} severity="error">
              {message}
            </Alert>
          ))}
          {stage.error && <Alert severity="error">{stage.error}</Alert>}
          {checked.result && failed > 0 && (
            <Alert severity="warning">
              {failed}
              行にエラーがあります。CSVファイルを修正して、もう一度選択してください。エラーがある間は取り込めません。
            </Alert>
          )}
          {checked.result && failed === 0 && (
            <Alert severity="success">
              エラーはありません。「取り込む」を押すと、新規{created}名に招待メールを送信し、{updated}
              名の情報を更新します。
            </Alert>
          )}
          {checked.ignoredColumns.length > 0 && (
            <Typography variant="caption" sx={{ color: "text.secondary" }}>
              次の列は取り込みの対象外のため無視します：{checked.ignoredColumns.join("、")}
            </Typography>
          )}

          {checked.rows.length > 0 && (
            <>
              {failed > 0 && (
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={errorsOnly ? "errors" : "all"}
                  onChange={(_, value) => value && setErrorsOnly(value === "errors")}
                  aria-label="表示する行"
                >
                  <ToggleButton value="errors">エラーの行（{failed}）</ToggleButton>
                  <ToggleButton value="all">すべての行（{rows.length}）</ToggleButton>
                </ToggleButtonGroup>
              )}
              <TableContainer sx={{ maxHeight: "50vh", border: 1, borderColor: "divider", borderRadius: 2 }}>
                <Table size="small" stickyHeader aria-label="取り込むスタッフ">
                  <TableHead>
                    <TableRow>
                      {["行", "結果", ...STAFF_CSV_COLUMNS.map(({ label }) => label)].map((label) => (
                        <TableCell key={label} sx={{ whiteSpace: "nowrap", fontWeight: 700, bgcolor: "#f8f9fc" }}>
                          {label}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {visible.map(({ row, line, verdict }) => {
                      const hasErrors = Boolean(verdict?.errors.length);
                      return (
                        <Fragment key={line}>
                          <TableRow sx={{ bgcolor: hasErrors ? "rgba(198, 47, 62, 0.05)" : undefined }}>
                            <TableCell sx={{ color: "text.secondary", fontVariantNumeric: "tabular-nums" }}>
                              {line}
                            </TableCell>
                            <TableCell>
                              <VerdictChip action={verdict?.action} />
                            </TableCell>
                            {PREVIEW_COLUMNS.map((key) => (
                              <TableCell
                                key={key}
                                sx={{
                                  whiteSpace: "nowrap",
                                  maxWidth: 220,
                                  overflow: "hidden",
                                  textOverflow: "ellipsis",
                                }}
                              >
                                {row[key] ?? ""}
                              </TableCell>
                            ))}
                          </TableRow>
                          {hasErrors && (
                            <TableRow sx={{ bgcolor: "rgba(198, 47, 62, 0.05)" }}>
                              <TableCell />
                              <TableCell colSpan={10} sx={{ pt: 0 }}>
                                <Box component="ul" sx={{ m: 0, pl: 0, listStyle: "none" }}>
                                  {verdict?.errors.map((message) => (
                                    <Box
                                      component="li"
                                      key={message}
                                      sx={{
                                        display: "flex",
                                        gap: 0.75,
                                        alignItems: "center",
                                        color: "error.main",
                                        fontSize: 12.5,
                                      }}
                                    >
                                      <ErrorOutlineOutlined sx={{ fontSize: 16 }} />
                                      {message}
                                    </Box>
                                  ))}
                                </Box>
                              </TableCell>
                            </TableRow>
                          )}
                        </Fragment>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
              {hiddenCount > 0 && (
                <Typography variant="caption" sx={{ color: "text.secondary" }}>
                  先頭の{PREVIEW_LIMIT}行を表示しています（ほかに{hiddenCount.toLocaleString("ja-JP")}
                  行）。件数はファイル全体の集計です。
                </Typography>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose} sx={{ mr: "auto" }}>
          キャンセル
        </Button>
        <Button variant="outlined" onClick={() => inputRef.current?.click()} disabled={write.isPending}>
          別のファイルを選ぶ
        </Button>
        {chooser}
        <Button variant="contained" disabled={blocked} loading={write.isPending} onClick={() => void commit(checked)}>
          取り込む
        </Button>
      </DialogActions>
    </>
  );
}

function VerdictChip({ action }: { action: "create" | "update" | "error" | undefined }) {
  if (!action) return <Chip size="small" label="未確認" variant="outlined" />;
  if (action === "error") return <Chip size="small" color="error" label="エラー" />;
  if (action === "update") return <Chip size="small" color="info" variant="outlined" label="更新" />;
  return <Chip size="small" color="success" variant="outlined" label="新規" />;
}
