import ArticleOutlined from "@mui/icons-material/ArticleOutlined";
import AttachFileOutlined from "@mui/icons-material/AttachFileOutlined";
import CloseOutlined from "@mui/icons-material/CloseOutlined";
import CloudUploadOutlined from "@mui/icons-material/CloudUploadOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import DescriptionOutlined from "@mui/icons-material/DescriptionOutlined";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import FolderZipOutlined from "@mui/icons-material/FolderZipOutlined";
import ImageOutlined from "@mui/icons-material/ImageOutlined";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import SlideshowOutlined from "@mui/icons-material/SlideshowOutlined";
import TableChartOutlined from "@mui/icons-material/TableChartOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import { defaultAttachmentMaxBytes, type TaskAttachment } from "@tasuki/contract/task/task-attachment.schema";
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useImageObjectUrl } from "../../../components/staff-avatar.tsx";
import { apiErrorMessage } from "../../../lib/api-error-message.ts";
import { formatDateTime } from "../../../lib/date.ts";
import { displayName } from "../../../lib/person.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useClientConfig } from "../../system/api/get-client-config.ts";
import { useDeleteTaskAttachment } from "../api/delete-task-attachment.ts";
import { downloadTaskAttachment } from "../api/download-task-attachment.ts";
import { useTaskAttachments } from "../api/list-task-attachments.ts";
import { uploadTaskAttachment } from "../api/new-task-attachment.ts";
import { taskKeys } from "../api/task-keys.ts";
import { type AttachmentKind, attachmentKind, formatFileSize } from "./attachment-format.ts";
import { SectionTitle } from "./section-title.tsx";

const KIND_ICONS: Record<AttachmentKind, { icon: ReactNode; color: string }> = {
  image: { icon: <ImageOutlined />, color: "#2e7d32" },
  pdf: { icon: <PictureAsPdfOutlined />, color: "#c62828" },
  sheet: { icon: <TableChartOutlined />, color: "#1b5e20" },
  document: { icon: <DescriptionOutlined />, color: "#1565c0" },
  slides: { icon: <SlideshowOutlined />, color: "#e65100" },
  archive: { icon: <FolderZipOutlined />, color: "#6d4c41" },
  text: { icon: <ArticleOutlined />, color: "#455a64" },
  other: { icon: <InsertDriveFileOutlined />, color: "#546e7a" },
};

interface Upload {
  key: string;
  name: string;
  progress: number;
  error: string | null;
}

/**
 * 添付ファイル of the drawer: upload by button or by dropping files on the section (each with its progress), the
 * list (thumbnail or icon, name, size, who and when), a preview dialog for images, download, and delete for
 * those allowed (the uploader, the task's manager, admins). Anyone who may see the live task may attach.
 */
export function TaskAttachmentsSection({ task }: { task: TaskDetail }) {
  const inTrash = task.deleted_at !== null;
  const list = useTaskAttachments(task.id, !inTrash);
  const client = useQueryClient();
  const config = useClientConfig();
  const maxBytes = config.data?.attachment_max_bytes ?? defaultAttachmentMaxBytes;
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [previewing, setPreviewing] = useState<TaskAttachment | null>(null);
  const [deleting, setDeleting] = useState<TaskAttachment | null>(null);
  const aborts = useRef(new Set<AbortController>());
  useEffect(() => {
    const pending = aborts.current;
    return () => {
      for (const controller of pending) controller.abort();
    };
  }, []);

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const uploadFiles = (files: File[]) => {
    for (const file of files) {
      const key = `${Date.now()}-${Math.random()}`;
      if (file.size > maxBytes) {
        setUploads((all) => [
          ...all,
          {
            key,
            name: file.name,
            progress: 0,
            error: `ファイルサイズが大きすぎます。${formatFileSize(maxBytes)}以下のファイルを選択してください。`,
          },
        ]);
        continue;
      }
      setUploads((all) => [...all, { key, name: file.name, progress: 0, error: null }]);
      const controller = new AbortController();
      aborts.current.add(controller);
      uploadTaskAttachment(task.id, file, (progress) => patch(key, { progress }), controller.signal)
        .then((created) => {
          client.setQueryData(taskKeys.attachments(task.id), (current: { items: TaskAttachment[] } | undefined) =>
            current ? { items: [...current.items.filter((item) => item.id !== created.id), created] } : current,
          );
          setUploads((all) => all.filter((upload) => upload.key !== key));
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === "AbortError") return;
          patch(key, { error: apiErrorMessage(error) });
        })
        .finally(() => aborts.current.delete(controller));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (inTrash) return;
    uploadFiles([...event.dataTransfer.files]);
  };
  const onDragOver = (event: DragEvent) => {
    if (inTrash || !event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };

  const items = list.data?.items ?? [];
  return (
    <Box
      component="section"
      aria-labelledby="task-attachments-title"
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <SectionTitle
        id="task-attachments-title"
        icon={<AttachFileOutlined />}
        action={
          !inTrash && (
            <Button size="small" startIcon={<CloudUploadOutlined />} onClick={() => input.current?.click()}>
              ファイルを追加
            </Button>
          )
        }
      >
        添付ファイル
        {items.length > 0 && (
          <Typography component="span" sx={{ ml: 1, color: "text.secondary", fontWeight: 400 }}>
            {items.length}件
          </Typography>
        )}
      </SectionTitle>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="添付するファイル"
        onChange={(event) => {
          uploadFiles([...(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />

      {inTrash ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          ゴミ箱にあるタスクの添付ファイルは表示されません。タスクを元に戻すと表示されます。
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {list.isError && (
            <Alert severity="error">添付ファイルを読み込めませんでした。{apiErrorMessage(list.error)}</Alert>
          )}
          {list.isPending && <Skeleton variant="rounded" height={64} />}
          {items.length > 0 && (
            <Box
              component="ul"
              aria-label="添付ファイル一覧"
              sx={{ listStyle: "none", m: 0, p: 0, border: 1, borderColor: "divider", borderRadius: 1 }}
            >
              {items.map((item, index) => (
                <AttachmentRow
                  key={item.id}
                  item={item}
                  divider={index > 0}
                  onPreview={() => setPreviewing(item)}
                  onDelete={() => setDeleting(item)}
                />
              ))}
            </Box>
          )}
          {uploads.map((upload) => (
            <UploadRow
              key={upload.key}
              upload={upload}
              onDismiss={() => setUploads((all) => all.filter((other) => other.key !== upload.key))}
            />
          ))}
          <ButtonBase
            onClick={() => input.current?.click()}
            sx={{
              display: "flex",
              flexDirection: "column",
              gap: 0.5,
              width: "100%",
              py: items.length > 0 ? 1.5 : 3,
              px: 2,
              border: 2,
              borderStyle: "dashed",
              borderRadius: 1,
              borderColor: dragging ? "primary.main" : "divider",
              bgcolor: dragging ? "action.hover" : "transparent",
              color: "text.secondary",
              transition: "border-color 120ms, background-color 120ms",
              "&:hover": { borderColor: "primary.light" },
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <CloudUploadOutlined sx={{ color: dragging ? "primary.main" : "action.active" }} />
              <Typography variant="body2">
                {dragging ? (
                  "ここにドロップして添付"
                ) : (
                  <>
                    {/* A phone has nothing to drag from. */}
                    <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
                      ファイルをドラッグ＆ドロップ、またはクリックして選択
                    </Box>
                    <Box component="span" sx={{ display: { xs: "inline", sm: "none" } }}>
                      タップしてファイルを選択
                    </Box>
                  </>
                )}
              </Typography>
            </Stack>
            <Typography variant="caption">
              1ファイル{formatFileSize(maxBytes)}まで・実行ファイルは添付できません
            </Typography>
          </ButtonBase>
        </Stack>
      )}

      <ImagePreviewDialog attachment={previewing} onClose={() => setPreviewing(null)} />
      <DeleteAttachmentDialog taskId={task.id} attachment={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

function download(item: TaskAttachment) {
  downloadTaskAttachment(item).catch(showErrorToast);
}

function AttachmentRow({
  item,
  divider,
  onPreview,
  onDelete,
}: {
  item: TaskAttachment;
  divider: boolean;
  onPreview: () => void;
  onDelete: () => void;
}) {
  const kind = attachmentKind(item.content_type);
  const open = item.preview_url ? onPreview : () => download(item);
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1.5,
        px: 1.5,
        py: 1,
        borderTop: divider ? 1 : 0,
        borderColor: "divider",
      }}
    >
      <ButtonBase
        onClick={open}
        aria-label={item.preview_url ? `${item.file_name}をプレビュー` : `${item.file_name}をダウンロード`}
        sx={{ borderRadius: 1, flexShrink: 0 }}
      >
        <Thumbnail item={item} kind={kind} />
      </ButtonBase>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          component="button"
          type="button"
          onClick={open}
          variant="body2"
          title={item.file_name}
          sx={{
            display: "block",
            maxWidth: "100%",
            p: 0,
            border: 0,
            bgcolor: "transparent",
            font: "inherit",
            fontWeight: 600,
            color: "text.primary",
            textAlign: "left",
            cursor: "pointer",
            overflow: "hidden",
            textOverflow: "ellipsis",
            whiteSpace: "nowrap",
            "&:hover": { textDecoration: "underline" },
          }}
        >
          {item.file_name}
        </Typography>
        {/* Wraps rather than cuts on a phone: the date is the part that would be lost. */}
        <Typography variant="caption" sx={{ color: "text.secondary", display: "block" }}>
          {formatFileSize(item.size)}・{item.uploaded_by ? displayName(item.uploaded_by) : "削除されたスタッフ"}・
          <Box component="span" sx={{ whiteSpace: "nowrap" }}>
            {formatDateTime(item.created_at)}
          </Box>
        </Typography>
      </Box>
      <Tooltip title="ダウンロード">
        <IconButton size="small" onClick={() => download(item)} aria-label={`${item.file_name}をダウンロード`}>
          <DownloadOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {item.can_delete && (
        <Tooltip title="削除">
          <IconButton size="small" onClick={onDelete} aria-label={`${item.file_name}を削除`}>
            <DeleteOutlineOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

/** 48 px square: the image's thumbnail, or the icon of its kind. */
function Thumbnail({ item, kind }: { item: TaskAttachment; kind: AttachmentKind }) {
  const url = useImageObjectUrl(item.preview_url);
  const { icon, color } = KIND_ICONS[kind];
  return (
    <Box
      sx={{
        width: 48,
        height: 48,
        borderRadius: 1,
        bgcolor: "action.hover",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        overflow: "hidden",
        color,
      }}
    >
      {url ? (
        <Box component="img" src={url} alt="" sx={{ width: "100%", height: "100%", objectFit: "cover" }} />
      ) : item.preview_url ? (
        <CircularProgress size={18} />
      ) : (
        icon
      )}
    </Box>
  );
}

function UploadRow({ upload, onDismiss }: { upload: Upload; onDismiss: () => void }) {
  return (
    <Box
      role="status"
      sx={{ border: 1, borderColor: upload.error ? "error.light" : "divider", borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
          {upload.name}
        </Typography>
        {upload.error ? (
          <IconButton size="small" onClick={onDismiss} aria-label="閉じる">
            <CloseOutlined fontSize="small" />
          </IconButton>
        ) : (
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            {upload.progress < 1 ? `アップロード中 ${Math.round(upload.progress * 100)}%` : "処理中…"}
          </Typography>
        )}
      </Stack>
      {upload.error ? (
        <Typography variant="caption" sx={{ color: "error.main" }}>
          {upload.error}
        </Typography>
      ) : (
        <LinearProgress
          variant={upload.progress < 1 ? "determinate" : "indeterminate"}
          value={upload.progress * 100}
          sx={{ mt: 1 }}
          aria-label={`${upload.name}のアップロード`}
        />
      )}
    </Box>
  );
}

function ImagePreviewDialog({ attachment, onClose }: { attachment: TaskAttachment | null; onClose: () => void }) {
  const url = useImageObjectUrl(attachment?.url);
  return (
    // Named by the file alone: the title's buttons would otherwise join its accessible name.
    <Dialog open={attachment !== null} onClose={onClose} maxWidth="lg" aria-labelledby="attachment-preview-name">
      {attachment && (
        <>
          <DialogTitle sx={{ display: "flex", alignItems: "center", gap: 1, pr: 1 }}>
            <Box
              component="span"
              id="attachment-preview-name"
              sx={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis" }}
            >
              {attachment.file_name}
            </Box>
            <Tooltip title="ダウンロード">
              <IconButton onClick={() => download(attachment)} aria-label="ダウンロード">
                <DownloadOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title="閉じる">
              <IconButton onClick={onClose} aria-label="閉じる">
                <CloseOutlined />
              </IconButton>
            </Tooltip>
          </DialogTitle>
          <DialogContent sx={{ display: "flex", justifyContent: "center", alignItems: "center", minWidth: 240 }}>
            {url ? (
              <Box
                component="img"
                src={url}
                alt={attachment.file_name}
                sx={{ maxWidth: "100%", maxHeight: "75vh", objectFit: "contain", display: "block" }}
              />
            ) : (
              <CircularProgress aria-label="読み込み中" sx={{ my: 6 }} />
            )}
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}

function DeleteAttachmentDialog({
  taskId,
  attachment,
  onClose,
}: {
  taskId: string;
  attachment: TaskAttachment | null;
  onClose: () => void;
}) {
  const remove = useDeleteTaskAttachment(taskId);
  const confirm = () => {
    if (!attachment) return;
    remove.mutate(attachment.id, {
      onSuccess: () => {
        showToast("添付ファイルを削除しました。", { type: "success" });
        onClose();
      },
    });
  };
  return (
    <Dialog open={attachment !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>添付ファイルを削除しますか？</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ wordBreak: "break-all" }}>
          「{attachment?.file_name}」を削除します。削除したファイルは元に戻せません。
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>キャンセル</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={remove.isPending}>
          削除する
        </Button>
      </DialogActions>
    </Dialog>
  );
}
