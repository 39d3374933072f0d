import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import KeyboardArrowDownOutlined from "@mui/icons-material/KeyboardArrowDownOutlined";
import Button from "@mui/material/Button";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { saveBlob } from "../../../lib/api-blob.ts";
import { fileDateStamp } from "../../../lib/date.ts";
import { showToast } from "../../../lib/toast.tsx";
import { useExportStaff } from "../../workspace-user/api/export-staff.ts";

const ENCODINGS = [
  { encoding: "utf8", label: "CSV（UTF-8 BOM付き）", hint: "Excel 2016以降・Googleスプレッドシート向け" },
  { encoding: "sjis", label: "CSV（Shift_JIS）", hint: "古いExcelや社内システム向け" },
] as const;

/** エクスポート: the whole staff list (not only the page on screen) as a CSV file that Excel opens as is. */
export function StaffExportMenu({ workspaceId }: { workspaceId: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const exportStaff = useExportStaff();

  const download = async (encoding: "utf8" | "sjis") => {
    setAnchor(null);
    let file: Awaited<ReturnType<typeof exportStaff.mutateAsync>>;
    try {
      file = await exportStaff.mutateAsync({ workspace_id: workspaceId, encoding });
    } catch {
      return;
    }
    const stamp = fileDateStamp();
    saveBlob(file.blob, `スタッフ一覧_${stamp}${encoding === "sjis" ? "_SJIS" : ""}.csv`);
    showToast("CSVファイルをダウンロードしました", { type: "success" });
  };

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<FileDownloadOutlined />}
        endIcon={<KeyboardArrowDownOutlined />}
        loading={exportStaff.isPending}
        loadingPosition="start"
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderColor: "divider", bgcolor: "background.paper" }}
      >
        エクスポート
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        {ENCODINGS.map(({ encoding, label, hint }) => (
          <MenuItem key={encoding} onClick={() => void download(encoding)}>
            <ListItemText primary={label} secondary={hint} slotProps={{ secondary: { sx: { fontSize: 12 } } }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
