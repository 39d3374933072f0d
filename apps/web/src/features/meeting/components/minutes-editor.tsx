import FormatBoldOutlined from "@mui/icons-material/FormatBoldOutlined";
import FormatListBulletedOutlined from "@mui/icons-material/FormatListBulletedOutlined";
import FormatListNumberedOutlined from "@mui/icons-material/FormatListNumberedOutlined";
import TitleOutlined from "@mui/icons-material/TitleOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { MeetingDetail } from "@tasuki/contract/meeting/meeting.schema";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef, useState } from "react";
import { isApiRequestError } from "../../../lib/api-error.ts";
import { showErrorToast } from "../../../lib/toast.tsx";
import { meetingQueryOptions } from "../api/get-meeting.ts";
import { updateMeeting } from "../api/update-meeting.ts";

const AUTOSAVE_MS = 1200;
type SaveState = "saved" | "dirty" | "saving" | "conflict";

/**
 * 議事録: Tiptap, autosaved a moment after typing stops. Each save names the version it was written on; when
 * another note-taker saved first the server answers 409 and this offers to take theirs (reload) or to keep both
 * (their text followed by ours), so nobody's notes are overwritten silently.
 */
export function MinutesEditor({ meeting }: { meeting: MeetingDetail }) {
  const queryClient = useQueryClient();
  const version = useRef(meeting.minutes_version);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [state, setState] = useState<SaveState>("saved");
  const editable = meeting.can_write_minutes && !meeting.deleted_at;

  const save = async (html: string) => {
    setState("saving");
    try {
      const saved = await updateMeeting(meeting.id, { minutes: html, minutes_version: version.current });
      version.current = saved.minutes_version;
      queryClient.setQueryData(meetingQueryOptions(meeting.id).queryKey, saved);
      setState((now) => (now === "saving" ? "saved" : now));
    } catch (error) {
      if (isApiRequestError(error) && error.code === "minutes_conflict") setState("conflict");
      else {
        setState("dirty");
        showErrorToast(error);
      }
    }
  };

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: meeting.minutes,
    editable,
    immediatelyRender: true,
    onUpdate: ({ editor: current }) => {
      setState("dirty");
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(current.getHTML()), AUTOSAVE_MS);
    },
  });

  // Someone else's save arrives (realtime refetch): take it while we have nothing unsaved.
  useEffect(() => {
    if (!editor || state !== "saved" || meeting.minutes_version === version.current) return;
    version.current = meeting.minutes_version;
    editor.commands.setContent(meeting.minutes, { emitUpdate: false });
  }, [editor, meeting.minutes, meeting.minutes_version, state]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const resolve = async (keepMine: boolean) => {
    const latest = await queryClient.fetchQuery({ ...meetingQueryOptions(meeting.id), staleTime: 0 });
    version.current = latest.minutes_version;
    if (!editor) return;
    const mine = editor.getHTML();
    const merged = keepMine ? `${latest.minutes}<hr><p><strong>（あなたの追記）</strong></p>${mine}` : latest.minutes;
    editor.commands.setContent(merged, { emitUpdate: false });
    setState("saved");
    if (keepMine) await save(merged);
  };

  const label = { saved: "保存済み", dirty: "未保存の変更があります", saving: "保存中…", conflict: "競合しています" }[
    state
  ];
  return (
    <Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", mb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
          議事録
        </Typography>
        {editable && editor && (
          <>
            <IconButton
              size="small"
              aria-label="見出し"
              onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
            >
              <TitleOutlined fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label="太字" onClick={() => editor.chain().focus().toggleBold().run()}>
              <FormatBoldOutlined fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label="箇条書き"
              onClick={() => editor.chain().focus().toggleBulletList().run()}
            >
              <FormatListBulletedOutlined fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label="番号付きリスト"
              onClick={() => editor.chain().focus().toggleOrderedList().run()}
            >
              <FormatListNumberedOutlined fontSize="small" />
            </IconButton>
          </>
        )}
        <Typography variant="caption" color={state === "conflict" ? "error.main" : "text.secondary"} role="status">
          {editable ? label : "閲覧のみ"}
        </Typography>
      </Stack>
      {state === "conflict" && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={() => void resolve(true)}>
                両方を残す
              </Button>
              <Button color="inherit" size="small" onClick={() => void resolve(false)}>
                再読み込み
              </Button>
            </Stack>
          }
        >
          ほかの人が先に議事録を保存しました。
        </Alert>
      )}
      <Box
        sx={{
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          px: 2,
          minHeight: 200,
          "& .tiptap": { outline: "none", minHeight: 180, py: 1 },
          "& .tiptap p": { my: 0.75 },
        }}
      >
        <EditorContent editor={editor} aria-label="議事録" />
      </Box>
    </Box>
  );
}
