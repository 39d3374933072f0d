import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { passwordSchema } from "@tasuki/contract/common/common.schema";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PageHeader } from "../../../components/page-header.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { showToast } from "../../../lib/toast.tsx";
import { updateSessionUser, useSignedInSession } from "../../../session/session.ts";
import { useChangePassword } from "../../user/api/change-password.ts";

function passwordFormSchema(hasPassword: boolean) {
  return z
    .object({
      current_password: hasPassword
        ? z.string().min(1, { error: "現在のパスワードを入力してください" }).max(128)
        : z.string().max(128),
      new_password: passwordSchema,
      confirm_password: z.string(),
    })
    .refine((values) => values.new_password === values.confirm_password, {
      path: ["confirm_password"],
      error: "新しいパスワードと一致しません",
    })
    .refine((values) => !hasPassword || values.new_password !== values.current_password, {
      path: ["new_password"],
      error: "現在と異なるパスワードを入力してください",
    });
}

export function PasswordPage() {
  const { user } = useSignedInSession();
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(passwordFormSchema(user.has_password)),
    defaultValues: { current_password: "", new_password: "", confirm_password: "" },
  });

  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    try {
      const updated = await change.mutateAsync({
        new_password,
        ...(user.has_password ? { current_password } : {}),
      });
      updateSessionUser(updated);
    } catch {
      return; // shown by the mutation cache
    }
    form.reset();
    showToast(user.has_password ? "パスワードを変更しました" : "パスワードを設定しました", { type: "success" });
  });

  return (
    <>
      <PageHeader title="パスワード" description="ログインに使うパスワードを変更します。" />
      <SectionCard
        title={user.has_password ? "パスワードの変更" : "パスワードの設定"}
        description="変更すると、この端末以外のすべての端末からログアウトします。"
      >
        {!user.has_password && (
          <Alert severity="info" sx={{ mb: 3 }}>
            現在は外部アカウントでログインしています。パスワードを設定すると、メールアドレスでもログインできるようになります。
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 480 }}>
          <Stack spacing={2.5}>
            {user.has_password && (
              <PasswordField
                control={form.control}
                name="current_password"
                label="現在のパスワード"
                autoComplete="current-password"
              />
            )}
            <PasswordField
              control={form.control}
              name="new_password"
              label="新しいパスワード"
              autoComplete="new-password"
              helperText="8文字以上128文字以内。よく使われるパスワードは設定できません。"
            />
            <PasswordField
              control={form.control}
              name="confirm_password"
              label="確認用パスワード"
              autoComplete="new-password"
              helperText="確認のため、新しいパスワードをもう一度入力してください。"
            />
            <Box>
              <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
                保存
              </Button>
            </Box>
          </Stack>
        </Box>
      </SectionCard>
    </>
  );
}
