import { zodResolver } from "@hookform/resolvers/zod";
import AutorenewOutlined from "@mui/icons-material/AutorenewOutlined";
import CheckCircle from "@mui/icons-material/CheckCircle";
import ErrorOutlineOutlined from "@mui/icons-material/ErrorOutlineOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import type { Workspace } from "@tasuki/contract/workspace/workspace.schema";
import { workspaceCodeSchema, workspaceNameSchema } from "@tasuki/contract/workspace/workspace.schema";
import { type ReactNode, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { useCreateWorkspace } from "../api/new-workspace.ts";
import { useWorkspaceCodeAvailability } from "../api/verify-new-code.ts";
import { suggestWorkspaceCode } from "../workspace-code.ts";

const schema = z.object({ name: workspaceNameSchema, code: workspaceCodeSchema });

const TAKEN_MESSAGE = "このワークスペースIDはすでに使われています。別のIDを入力してください";

/**
 * Name and code of a new workspace, with the code checked for availability while the user types.
 * Used by the last sign-up step and by マイページ › ワークスペース.
 */
export function CreateWorkspaceForm({
  onCreated,
  secondaryAction,
}: {
  onCreated: (workspace: Workspace) => Promise<void> | void;
  secondaryAction?: ReactNode;
}) {
  const [initialCode] = useState(suggestWorkspaceCode);
  const create = useCreateWorkspace();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: "", code: initialCode } });
  const code = useWatch({ control: form.control, name: "code" });
  const debouncedCode = useDebouncedValue(code.trim().toLowerCase(), 400);
  const codeIsWellFormed = workspaceCodeSchema.safeParse(debouncedCode).success;
  const availability = useWorkspaceCodeAvailability(debouncedCode, codeIsWellFormed);
  const checking = codeIsWellFormed && (availability.isFetching || debouncedCode !== code.trim().toLowerCase());
  const available = codeIsWellFormed && !checking ? availability.data?.available : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    if (available === false) {
      form.setError("code", { message: TAKEN_MESSAGE });
      return;
    }
    try {
      const workspace = await create.mutateAsync(values);
      await onCreated(workspace);
    } catch {
      // the mutation cache shows the server's reason
    }
  });

  let codeHelp = "半角英小文字・数字・ハイフンで3〜32文字。招待やお問い合わせの際に使います。";
  if (checking) codeHelp = "使用できるか確認しています…";
  else if (available === true) codeHelp = "このワークスペースIDは使用できます";
  else if (available === false) codeHelp = TAKEN_MESSAGE;

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <FormTextField
          control={form.control}
          name="name"
          label="ワークスペース名"
          placeholder="例）株式会社タスキ 営業本部"
          autoComplete="organization"
          autoFocus
          helperText="会社名や部署名など、メンバーがひと目で分かる名前がおすすめです。"
        />
        <FormTextField
          control={form.control}
          name="code"
          label="ワークスペースID"
          autoComplete="off"
          helperText={codeHelp}
          error={available === false}
          slotProps={{
            formHelperText: {
              sx: available === true && !form.formState.errors.code ? { color: "success.main" } : undefined,
            },
            htmlInput: { spellCheck: false, autoCapitalize: "none" },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  {checking && <CircularProgress size={18} aria-label="確認中" />}
                  {!checking && available === true && <CheckCircle color="success" fontSize="small" />}
                  {!checking && available === false && <ErrorOutlineOutlined color="error" fontSize="small" />}
                  <Tooltip title="別のIDを提案">
                    <IconButton
                      aria-label="別のIDを提案"
                      size="small"
                      edge="end"
                      sx={{ ml: 0.5 }}
                      onClick={() => form.setValue("code", suggestWorkspaceCode(), { shouldValidate: true })}
                    >
                      <AutorenewOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ display: "flex", gap: 1.5, justifyContent: "flex-end", flexWrap: "wrap" }}>
          {secondaryAction}
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={form.formState.isSubmitting}
            sx={{ flexGrow: secondaryAction ? 0 : 1 }}
          >
            作成する
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
