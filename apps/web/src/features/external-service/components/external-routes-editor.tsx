import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { WorkspaceExternalService } from "@tasuki/contract/external-service/external-service.schema";
import { useState } from "react";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useGroupTree } from "../../group/api/list-group-tree.ts";
import { useAllProjects } from "../../project/api/list-projects.ts";
import { useExternalServiceChannels } from "../api/list-external-service-channels.ts";
import { usePutExternalServiceRoute } from "../api/put-external-service-route.ts";

/**
 * The channels (Slack) or rooms (Chatwork) that a group's or project's notices also go to: one per target,
 * chosen from what the provider lists.
 */
export function ExternalRoutesEditor({
  connection,
  workspaceId,
  canManage,
}: {
  connection: WorkspaceExternalService;
  workspaceId: string;
  canManage: boolean;
}) {
  const slack = connection.service === "slack";
  const noun = slack ? "チャンネル" : "ルーム";
  const put = usePutExternalServiceRoute();
  const [adding, setAdding] = useState(false);
  const remove = async (route: WorkspaceExternalService["routes"][number]) => {
    try {
      await put.mutateAsync({
        id: connection.id,
        target_type: route.target_type,
        target_id: route.target_id,
        channel_id: null,
      });
      showToast(`「${route.target_name}」の通知先を外しました`, { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        グループ・プロジェクトの通知先
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
        担当者の設定とステータスの変更を、グループやプロジェクトの{noun}にも投稿します。
      </Typography>
      {connection.routes.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary", py: 1 }}>
          通知先の{noun}はまだありません。
        </Typography>
      ) : (
        <List dense disablePadding aria-label={`${noun}の通知先`}>
          {connection.routes.map((route) => (
            <ListItem
              key={route.id}
              divider
              secondaryAction={
                canManage ? (
                  <IconButton
                    edge="end"
                    aria-label={`「${route.target_name}」の通知先を外す`}
                    onClick={() => void remove(route)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText
                primary={route.target_name}
                secondary={`${route.target_type === "group" ? "グループ" : "プロジェクト"} → ${slack ? "#" : ""}${route.channel_name}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {canManage && connection.state === "active" && (
        <Box sx={{ mt: 1.5 }}>
          {adding ? (
            <AddRouteForm
              connectionId={connection.id}
              workspaceId={workspaceId}
              noun={noun}
              onDone={() => setAdding(false)}
            />
          ) : (
            <Button size="small" onClick={() => setAdding(true)}>
              通知先を追加
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

function AddRouteForm({
  connectionId,
  workspaceId,
  noun,
  onDone,
}: {
  connectionId: string;
  workspaceId: string;
  noun: string;
  onDone: () => void;
}) {
  const groups = useGroupTree(workspaceId);
  const projects = useAllProjects({ workspace_id: workspaceId });
  const channels = useExternalServiceChannels(connectionId, true);
  const put = usePutExternalServiceRoute();
  const [target, setTarget] = useState("");
  const [channelId, setChannelId] = useState("");
  const submit = async () => {
    const [type, id] = target.split(":") as ["group" | "project", string];
    try {
      await put.mutateAsync({ id: connectionId, target_type: type, target_id: id, channel_id: channelId });
      showToast("通知先を追加しました", { type: "success" });
      onDone();
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
      <TextField
        select
        size="small"
        label="グループ・プロジェクト"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        sx={{ minWidth: 220 }}
      >
        <ListSubheader>グループ</ListSubheader>
        {(groups.data?.items ?? []).map((group) => (
          <MenuItem key={group.id} value={`group:${group.id}`} sx={{ pl: 2 + group.depth * 1.5 }}>
            {group.name}
          </MenuItem>
        ))}
        <ListSubheader>プロジェクト</ListSubheader>
        {(projects.data?.items ?? []).map((project) => (
          <MenuItem key={project.id} value={`project:${project.id}`}>
            {project.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={noun}
        value={channelId}
        onChange={(event) => setChannelId(event.target.value)}
        disabled={!channels.data}
        helperText={channels.isError ? `${noun}を読み込めませんでした` : undefined}
        sx={{ minWidth: 200 }}
      >
        {(channels.data?.items ?? []).map((channel) => (
          <MenuItem key={channel.id} value={channel.id}>
            {channel.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          size="small"
          disabled={!target || !channelId}
          onClick={submit}
          loading={put.isPending}
        >
          追加
        </Button>
        <Button color="inherit" size="small" onClick={onDone}>
          やめる
        </Button>
      </Stack>
    </Stack>
  );
}
