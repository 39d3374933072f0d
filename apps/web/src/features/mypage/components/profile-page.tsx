import { zodResolver } from "@hookform/resolvers/zod";
import CheckCircleOutlined from "@mui/icons-material/CheckCircleOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { SnsProvider } from "@tasuki/contract/auth/auth.schema";
import { personNameSchema } from "@tasuki/contract/common/common.schema";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { PageHeader } from "../../../components/page-header.tsx";
import { PersonNameFields } from "../../../components/person-name-fields.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { InfoRow, SectionCard } from "../../../components/section-card.tsx";
import { SNS_PROVIDER_NAMES, SnsIcon } from "../../../components/sns-icons.tsx";
import { formatJapaneseDate } from "../../../lib/date.ts";
import { displayKana, displayName } from "../../../lib/person.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { updateSessionWorkspaceUser, useSignedInSession } from "../../../session/session.ts";
import { startSnsFlow } from "../../../session/sns-flow.ts";
import { useClientConfig } from "../../system/api/get-client-config.ts";
import { useUpdateWorkspaceUserMe } from "../../workspace-user/api/update-workspace-user-me.ts";
import { EmailPreferenceSection } from "./email-preference-section.tsx";

export function ProfilePage() {
  return (
    <>
      <PageHeader
        title="プロフィール"
        description="このワークスペースで表示されるお名前と、ログイン方法を管理します。"
      />
      <NameSection />
      <AccountSection />
      <EmailPreferenceSection />
    </>
  );
}

function NameSection() {
  const session = useSignedInSession();
  const workspaceUser = session.workspaceUser;
  const person = workspaceUser ?? session.user;
  const update = useUpdateWorkspaceUserMe();
  const form = useForm({
    resolver: zodResolver(personNameSchema),
    values: {
      last_name: person.last_name,
      first_name: person.first_name,
      last_name_kana: person.last_name_kana,
      first_name_kana: person.first_name_kana,
    },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!workspaceUser) return;
    try {
      const updated = await update.mutateAsync({ query: { workspace_id: workspaceUser.workspace_id }, body: values });
      updateSessionWorkspaceUser(updated);
      form.reset(values);
      showToast("プロフィールを保存しました", { type: "success" });
    } catch {
      // shown by the mutation cache
    }
  });

  return (
    <SectionCard
      title="お名前"
      description={`現在の表示: ${displayName(person)}${displayKana(person) ? `（${displayKana(person)}）` : ""}`}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
          <PersonNameFields form={form} whose="self" />
          <Box>
            <Button
              type="submit"
              variant="contained"
              loading={form.formState.isSubmitting}
              disabled={!form.formState.isDirty}
            >
              保存
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}

function AccountSection() {
  const session = useSignedInSession();
  const config = useClientConfig();
  const [linking, setLinking] = useState<SnsProvider | null>(null);
  const { user } = session;
  const configured = config.data?.sns_providers ?? [];
  // Providers the user linked stay listed even if the server no longer offers them.
  const providers = [
    ...configured.map((p) => p.provider),
    ...user.sns_links.map((l) => l.provider).filter((p) => !configured.some((c) => c.provider === p)),
  ];

  return (
    <SectionCard title="ログイン情報">
      <InfoRow label="メールアドレス">
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          <Typography variant="body2">{user.email}</Typography>
          <ButtonLink to="/mypage/email-address" size="small" variant="text">
            変更
          </ButtonLink>
        </Box>
      </InfoRow>
      <InfoRow label="パスワード">
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          <Typography variant="body2">
            {user.has_password ? "設定済み" : "未設定（外部アカウントでログイン）"}
          </Typography>
          <ButtonLink to="/mypage/password" size="small" variant="text">
            {user.has_password ? "変更" : "設定"}
          </ButtonLink>
        </Box>
      </InfoRow>
      <InfoRow label="外部アカウント連携">
        {config.isPending && <Skeleton variant="rounded" height={40} />}
        {!config.isPending && providers.length === 0 && (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            連携できる外部アカウントはありません。
          </Typography>
        )}
        <Stack spacing={1.5}>
          {providers.map((provider) => {
            const link = user.sns_links.find((l) => l.provider === provider);
            const name = configured.find((c) => c.provider === provider)?.label || SNS_PROVIDER_NAMES[provider];
            return (
              <Box
                key={provider}
                sx={{
                  display: "flex",
                  alignItems: "center",
                  gap: 1.5,
                  border: 1,
                  borderColor: "divider",
                  borderRadius: 2,
                  px: 2,
                  py: 1.25,
                }}
              >
                <SnsIcon provider={provider} />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {name}
                  </Typography>
                  {link && (
                    <Typography variant="caption" sx={{ color: "text.secondary" }}>
                      {link.email ?? "アカウント"}・{formatJapaneseDate(link.linked_at)}に連携
                    </Typography>
                  )}
                </Box>
                {link ? (
                  <Chip
                    icon={<CheckCircleOutlined />}
                    label="連携済み"
                    color="success"
                    variant="outlined"
                    size="small"
                  />
                ) : (
                  <Button
                    variant="outlined"
                    size="small"
                    loading={linking === provider}
                    disabled={linking !== null && linking !== provider}
                    onClick={async () => {
                      setLinking(provider);
                      try {
                        await startSnsFlow(provider, "link");
                      } catch (error) {
                        showErrorToast(error);
                        setLinking(null);
                      }
                    }}
                  >
                    連携する
                  </Button>
                )}
              </Box>
            );
          })}
        </Stack>
      </InfoRow>
    </SectionCard>
  );
}
