import CheckOutlined from "@mui/icons-material/CheckOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Checkbox from "@mui/material/Checkbox";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import {
  type AuthorityRules,
  defaultAuthorityRules,
  permissionLabels,
} from "@tasuki/contract/authority/authority.schema";
import { type ReactNode, useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { ForbiddenPage } from "../../../components/forbidden-page.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ROLE_LABELS } from "../../../lib/role-labels.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useCurrentWorkspace } from "../../../session/current-workspace.ts";
import { useCanOpenPages } from "../../../session/page-access.ts";
import { useIsOwner } from "../../../session/permissions.ts";
import { syncSession } from "../../../session/session.ts";
import { useUpdateWorkspace } from "../../workspace/api/update-workspace.ts";
import { workspaceKeys } from "../../workspace/api/workspace-keys.ts";
import { EDITABLE_ROLES, permissionSections, sameRules, toggleRule } from "../permission-groups.ts";

/**
 * 権限ルール: the matrix role × permission. Staff who manage the organisation definitions may read
 * it; only an owner changes it (the owner's column is fixed: owners can always do everything).
 */
export function AuthorityRulesPage() {
  const canView = useCanOpenPages()("/organization/authority-rules");
  if (!canView) return <ForbiddenPage pageName="権限ルール" />;
  return <AuthorityRulesContent />;
}

function AuthorityRulesContent() {
  const workspace = useCurrentWorkspace();
  const isOwner = useIsOwner();
  return (
    <>
      <PageHeader
        title="権限ルール"
        description="役割（オーナー・管理者・メンバー・ゲスト）ごとに、ワークスペースでできる操作を設定します。"
      />
      {!isOwner && (
        <Alert severity="info" variant="outlined" sx={{ mb: 3, bgcolor: "background.paper" }}>
          閲覧のみ可能です。権限ルールを変更できるのはオーナーのみです。
        </Alert>
      )}
      {workspace.isPending && <MatrixSkeleton />}
      {workspace.isError && !workspace.data && (
        <ErrorState error={workspace.error} onRetry={() => void workspace.refetch()} />
      )}
      {workspace.data && (
        <AuthorityMatrix
          key={workspace.data.id}
          workspaceId={workspace.data.id}
          saved={workspace.data.authority_rules}
          editable={isOwner}
        />
      )}
    </>
  );
}

function AuthorityMatrix({
  workspaceId,
  saved,
  editable,
}: {
  workspaceId: string;
  saved: AuthorityRules;
  editable: boolean;
}) {
  const [draft, setDraft] = useState<AuthorityRules | null>(null);
  const rules = draft ?? saved;
  const dirty = draft !== null && !sameRules(draft, saved);
  const update = useUpdateWorkspace();
  const queryClient = useQueryClient();

  const save = async () => {
    try {
      const next = await update.mutateAsync({ params: { id: workspaceId }, body: { authority_rules: rules } });
      queryClient.setQueryData(workspaceKeys.detail(next.id), next);
    } catch {
      return; // the mutation cache shows the server's message
    }
    setDraft(null);
    showToast("権限ルールを保存しました", { type: "success" });
    // The caller's own permissions come with the session; a change of the matrix may change them.
    await syncSession().catch(showErrorToast);
  };

  return (
    <Card>
      <TableContainer>
        <Table size="small" aria-label="権限ルール" sx={MATRIX_SX}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700, py: 1.5 }}>操作</TableCell>
              <TableCell align="center" sx={ROLE_HEAD_SX}>
                {ROLE_LABELS.owner}
              </TableCell>
              {EDITABLE_ROLES.map((role) => (
                <TableCell key={role} align="center" sx={ROLE_HEAD_SX}>
                  {ROLE_LABELS[role]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {permissionSections().map((section) => (
              <SectionRows key={section.title} title={section.title}>
                {section.permissions.map((permission) => {
                  const { label, description } = permissionLabels[permission];
                  return (
                    <TableRow key={permission} hover>
                      <TableCell sx={{ py: 1.25 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {label}
                        </Typography>
                        <Typography variant="caption" sx={{ color: "text.secondary", display: "block" }}>
                          {description}
                        </Typography>
                      </TableCell>
                      <TableCell align="center" padding="checkbox">
                        {editable ? (
                          <Checkbox
                            checked
                            disabled
                            slotProps={{ input: { "aria-label": `${ROLE_LABELS.owner}：${label}（常に許可）` } }}
                          />
                        ) : (
                          <CheckOutlined
                            fontSize="small"
                            sx={{ color: "text.primary" }}
                            titleAccess={`${ROLE_LABELS.owner}：${label}（常に許可）`}
                          />
                        )}
                      </TableCell>
                      {EDITABLE_ROLES.map((role) => {
                        const checked = rules[role].includes(permission);
                        return (
                          <TableCell key={role} align="center" padding="checkbox">
                            {editable ? (
                              <Checkbox
                                checked={checked}
                                onChange={(event) =>
                                  setDraft(toggleRule(rules, role, permission, event.target.checked))
                                }
                                slotProps={{ input: { "aria-label": `${ROLE_LABELS[role]}：${label}` } }}
                              />
                            ) : checked ? (
                              <CheckOutlined
                                fontSize="small"
                                sx={{ color: "text.primary" }}
                                titleAccess={`${ROLE_LABELS[role]}：${label}（許可）`}
                              />
                            ) : (
                              <Typography
                                component="span"
                                sx={{ color: "text.disabled" }}
                                aria-label={`${ROLE_LABELS[role]}：${label}（不可）`}
                              >
                                －
                              </Typography>
                            )}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  );
                })}
              </SectionRows>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editable && (
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1.5}
          sx={{ p: 2.5, borderTop: 1, borderColor: "divider", alignItems: { sm: "center" } }}
        >
          <Button
            color="inherit"
            onClick={() => setDraft(defaultAuthorityRules)}
            disabled={sameRules(rules, defaultAuthorityRules)}
          >
            初期設定に戻す
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {dirty && (
            <Typography variant="body2" sx={{ color: "warning.main" }}>
              未保存の変更があります
            </Typography>
          )}
          <Button color="inherit" disabled={!dirty} onClick={() => setDraft(null)}>
            変更を取り消す
          </Button>
          <Button variant="contained" disabled={!dirty} loading={update.isPending} onClick={() => void save()}>
            保存
          </Button>
        </Stack>
      )}
    </Card>
  );
}

/**
 * Four role columns of 96 px and a 720 px table pushed every checkbox off a phone's screen with nothing to say so.
 * On a phone the columns narrow to a checkbox's width and the names of the operations wrap, so the whole matrix
 * fits; on anything narrower still the operation column stays put while the checkboxes scroll under it.
 */
const MATRIX_SX = {
  minWidth: { xs: 0, md: 720 },
  "& .MuiTableCell-root:first-of-type:not([colspan])": {
    position: "sticky",
    left: 0,
    zIndex: 1,
    bgcolor: "background.paper",
    pl: { xs: 1.5, sm: 2 },
    pr: { xs: 1, sm: 2 },
  },
} as const;
const ROLE_HEAD_SX = {
  fontWeight: 700,
  width: { xs: 52, sm: 96 },
  px: { xs: 0.5, sm: 2 },
  fontSize: { xs: 12, sm: 14 },
  whiteSpace: "nowrap",
} as const;

function SectionRows({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <TableRow>
        <TableCell colSpan={5} sx={{ bgcolor: "#fafbfd", py: 0.75 }}>
          <Typography variant="caption" sx={{ fontWeight: 700, color: "text.secondary", letterSpacing: "0.08em" }}>
            {title}
          </Typography>
        </TableCell>
      </TableRow>
      {children}
    </>
  );
}

function MatrixSkeleton() {
  return (
    <Card sx={{ p: 2 }} role="status" aria-label="読み込み中">
      {[0, 1, 2, 3, 4, 5].map((key) => (
        <Box key={key} sx={{ display: "flex", alignItems: "center", gap: 2, py: 1.25 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton variant="text" width={140} />
            <Skeleton variant="text" width="60%" />
          </Box>
          {[0, 1, 2, 3].map((cell) => (
            <Skeleton key={cell} variant="rounded" width={20} height={20} sx={{ mx: 4 }} />
          ))}
        </Box>
      ))}
    </Card>
  );
}
