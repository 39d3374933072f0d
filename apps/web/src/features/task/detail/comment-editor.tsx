import FormatBoldOutlined from "@mui/icons-material/FormatBoldOutlined";
import FormatListBulletedOutlined from "@mui/icons-material/FormatListBulletedOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import MenuList from "@mui/material/MenuList";
import Paper from "@mui/material/Paper";
import Popper from "@mui/material/Popper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import Mention from "@tiptap/extension-mention";
import { Placeholder } from "@tiptap/extensions";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { SuggestionKeyDownProps, SuggestionProps } from "@tiptap/suggestion";
import { useRef, useState } from "react";
import { StaffOption, type StaffOptionPerson } from "../../../components/staff-option.tsx";
import { displayName } from "../../../lib/person.ts";
import { listGroupTreeQueryOptions } from "../../group/api/list-group-tree.ts";
import { staffSearchQueryOptions } from "../../workspace-user/api/use-staff-search.ts";

/** A mention candidate: a person or a group (the editor writes `staff:<id>` / `group:<id>`). */
interface Candidate {
  id: string;
  label: string;
  person?: StaffOptionPerson;
}

type SuggestState = {
  items: Candidate[];
  /** The answer to the text after the @ is on its way: nothing is offered (nor picked) until it is there. */
  loading: boolean;
  index: number;
  rect: DOMRect | null;
  pick: (item: Candidate) => void;
};

const SUGGESTIONS = 8;

/** The comment's text with its mention chips styled the same in the editor and in the list. */
export const commentContentSx = {
  fontSize: 14,
  lineHeight: 1.7,
  overflowWrap: "anywhere",
  "& p": { my: 0.25 },
  "& ul, & ol": { my: 0.5, pl: 3 },
  "& a": { color: "primary.main" },
  "& .mention": {
    display: "inline-block",
    px: 0.75,
    borderRadius: 1,
    bgcolor: "rgba(25, 118, 210, 0.1)",
    color: "primary.dark",
    fontWeight: 600,
    lineHeight: 1.5,
  },
} as const;

/**
 * The comment editor: Tiptap with the minutes editor's StarterKit (no headings) and @mentions of people and
 * groups. Enter starts a new line, so nothing is ever sent while an IME is composing; Ctrl+Enter (⌘+Enter) or
 * the button sends, and not during composition either.
 */
export function CommentEditor({
  workspaceId,
  initialHtml = "",
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  autoFocus = false,
  firstIds = [],
}: {
  workspaceId: string;
  /** The task's people (assignee, manager, creator, those in the conversation): offered first when they match. */
  firstIds?: readonly (string | null | undefined)[];
  initialHtml?: string;
  submitLabel: string;
  busy: boolean;
  /** Answers whether the comment was saved (the editor empties itself then). */
  onSubmit: (html: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const queryClient = useQueryClient();
  const [suggest, setSuggest] = useState<SuggestState | null>(null);
  const suggestRef = useRef<SuggestState | null>(null);
  const [empty, setEmpty] = useState(initialHtml === "");
  const submitRef = useRef<() => void>(() => {});
  const show = (next: SuggestState | null) => {
    suggestRef.current = next;
    setSuggest(next);
  };

  const firstIdsRef = useRef(firstIds);
  firstIdsRef.current = firstIds;

  // The pickers' search and cache key (the text is in the key); Tiptap drops the answer of a superseded text.
  const candidates = async (query: string): Promise<Candidate[]> => {
    const q = query.trim();
    const [people, tree] = await Promise.all([
      queryClient.fetchQuery(
        staffSearchQueryOptions({ workspaceId, text: q, firstIds: firstIdsRef.current, perPage: SUGGESTIONS }),
      ),
      queryClient.fetchQuery({ ...listGroupTreeQueryOptions({ workspace_id: workspaceId }), staleTime: 60_000 }),
    ]);
    const staff = people.items
      .filter((person) => person.status === "active")
      .map((person) => ({ id: `staff:${person.id}`, label: displayName(person), person }));
    const groups = tree.items
      .filter((group) => !q || group.name.toLowerCase().includes(q.toLowerCase()))
      .slice(0, 4)
      .map((group) => ({ id: `group:${group.id}`, label: group.name }));
    return [...staff, ...groups].slice(0, SUGGESTIONS);
  };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, horizontalRule: false, link: { openOnClick: false } }),
      // Marks the empty first paragraph (`is-editor-empty`, `data-placeholder`) for the hint drawn in CSS below.
      Placeholder.configure({ placeholder: "コメントを入力（@で人やグループをメンション）" }),
      Mention.configure({
        HTMLAttributes: { class: "mention" },
        suggestion: {
          char: "@",
          items: ({ query }) => candidates(query).catch(() => []),
          render: () => {
            let pick: (item: Candidate) => void = () => {};
            const update = (props: SuggestionProps<Candidate>) => {
              pick = (item) => props.command({ id: item.id, label: item.label });
              show({
                items: props.loading ? [] : props.items,
                loading: props.loading,
                index: 0,
                rect: props.clientRect?.() ?? null,
                pick,
              });
            };
            return {
              onStart: update,
              onUpdate: update,
              onKeyDown: ({ event }: SuggestionKeyDownProps) => {
                const current = suggestRef.current;
                // While the answer is on its way, Enter neither picks nor breaks the line under the list.
                if (current?.loading && (event.key === "Enter" || event.key === "Tab")) return true;
                if (!current?.items.length) return false;
                if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                  const step = event.key === "ArrowDown" ? 1 : -1;
                  const index = (current.index + step + current.items.length) % current.items.length;
                  show({ ...current, index });
                  return true;
                }
                // Enter picks only outside composition (the IME's own Enter confirms its conversion).
                if ((event.key === "Enter" || event.key === "Tab") && !event.isComposing) {
                  current.pick(current.items[current.index]!);
                  return true;
                }
                if (event.key === "Escape") {
                  // Closes the list only, not the drawer around the editor.
                  event.stopPropagation();
                  show(null);
                  return true;
                }
                return false;
              },
              onExit: () => show(null),
            };
          },
        },
      }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    autofocus: autoFocus ? "end" : false,
    editorProps: {
      attributes: { "aria-label": "コメント", role: "textbox", "aria-multiline": "true" },
      handleKeyDown: (_view, event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.isComposing) {
          submitRef.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => setEmpty(current.isEmpty),
  });

  const submit = async () => {
    if (!editor || editor.isEmpty || busy) return;
    if (await onSubmit(editor.getHTML())) {
      editor.commands.clearContent(true);
      setEmpty(true);
    }
  };
  submitRef.current = () => void submit();

  return (
    <Box>
      <Box
        sx={{
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          bgcolor: "background.paper",
          "&:focus-within": {
            borderColor: "primary.main",
            boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}`,
          },
          "& .tiptap": {
            outline: "none",
            minHeight: 64,
            maxHeight: 280,
            overflowY: "auto",
            px: 1.5,
            py: 1,
            ...commentContentSx,
          },
          "& .tiptap p.is-editor-empty:first-of-type::before": {
            content: "attr(data-placeholder)",
            color: "text.disabled",
            float: "left",
            height: 0,
            pointerEvents: "none",
          },
        }}
      >
        <EditorContent editor={editor} />
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: "center", px: 1, py: 0.5, borderTop: 1, borderColor: "divider" }}
        >
          <Tooltip title="太字">
            <IconButton size="small" aria-label="太字" onClick={() => editor?.chain().focus().toggleBold().run()}>
              <FormatBoldOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="箇条書き">
            <IconButton
              size="small"
              aria-label="箇条書き"
              onClick={() => editor?.chain().focus().toggleBulletList().run()}
            >
              <FormatListBulletedOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="メンション">
            <IconButton
              size="small"
              aria-label="メンション"
              onClick={() => editor?.chain().focus().insertContent("@").run()}
            >
              <Typography component="span" sx={{ fontWeight: 700, fontSize: 16, lineHeight: 1, width: 20 }}>
                @
              </Typography>
            </IconButton>
          </Tooltip>
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" sx={{ color: "text.secondary", display: { xs: "none", sm: "block" } }}>
            Ctrl + Enter で送信
          </Typography>
          {onCancel && (
            <Button size="small" onClick={onCancel} disabled={busy}>
              キャンセル
            </Button>
          )}
          <Button
            size="small"
            variant="contained"
            disableElevation
            onClick={() => void submit()}
            disabled={empty || busy}
          >
            {submitLabel}
          </Button>
        </Stack>
      </Box>
      <Popper
        open={Boolean(suggest?.rect)}
        anchorEl={suggest?.rect ? { getBoundingClientRect: () => suggest.rect! } : null}
        placement="bottom-start"
        sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
      >
        <Paper elevation={6} sx={{ minWidth: 260, maxWidth: 360 }}>
          {suggest?.loading ? (
            <Typography variant="body2" role="status" sx={{ px: 2, py: 1.5, color: "text.secondary" }}>
              検索中…
            </Typography>
          ) : suggest?.items.length ? (
            <MenuList dense aria-label="メンションの候補">
              {suggest.items.map((item, index) => (
                <MenuItem
                  key={item.id}
                  selected={index === suggest.index}
                  // Keeps the editor's focus (and its selection) while picking with the mouse.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => suggest.pick(item)}
                  sx={{ gap: 1.25 }}
                >
                  {item.person ? (
                    <StaffOption person={item.person} avatarSize={24} />
                  ) : (
                    <>
                      <GroupsOutlined sx={{ fontSize: 24, color: "text.secondary" }} />
                      <Typography variant="body2" noWrap>
                        {item.label}
                      </Typography>
                      <Typography variant="caption" sx={{ color: "text.secondary", ml: "auto" }}>
                        グループ
                      </Typography>
                    </>
                  )}
                </MenuItem>
              ))}
            </MenuList>
          ) : (
            <Typography variant="body2" sx={{ px: 2, py: 1.5, color: "text.secondary" }}>
              該当する人・グループがいません
            </Typography>
          )}
        </Paper>
      </Popper>
    </Box>
  );
}
