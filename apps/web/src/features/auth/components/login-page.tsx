import { zodResolver } from "@hookform/resolvers/zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { loginWithEmailBodySchema } from "@tasuki/contract/auth/auth.schema";
import { useForm } from "react-hook-form";
import { AuthCard } from "../../../components/auth-card.tsx";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { RouterLink } from "../../../components/router-link.tsx";
import { LOGIN_TOAST_AUTO_CLOSE_MS } from "../../../lib/constants.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { INVITATION_PATH, LANDING_PATH, returnPathAfterLogin } from "../../../session/navigation-rules.ts";
import { pendingInvitationToken } from "../../../session/pending-invitation.ts";
import { signIn } from "../../../session/session.ts";
import { useLoginWithEmail } from "../api/login-with-email.ts";
import { SnsButtons, useHasSnsProviders } from "./sns-buttons.tsx";

export function LoginPage() {
  const navigate = useNavigate();
  // Sent here from a page that needs a session (a task link from a mail, say): go back to it afterwards.
  const returnTo = returnPathAfterLogin(useSearch({ from: "/auth/" }).redirect) ?? undefined;
  const login = useLoginWithEmail();
  const hasSns = useHasSnsProviders();
  const form = useForm({
    resolver: zodResolver(loginWithEmailBodySchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    let tokens: Awaited<ReturnType<typeof login.mutateAsync>>;
    try {
      tokens = await login.mutateAsync(values);
    } catch {
      return; // the mutation cache has shown the error toast (e.g. a wrong password)
    }
    try {
      await signIn(tokens);
    } catch (error) {
      showErrorToast(error);
      return;
    }
    showToast("ログインしました", { type: "success", autoClose: LOGIN_TOAST_AUTO_CLOSE_MS });
    // Came from an invitation link: go back to it to join that workspace.
    const invitation = pendingInvitationToken();
    if (invitation) await navigate({ to: INVITATION_PATH, search: { token: invitation } });
    else if (returnTo) await navigate({ href: returnTo });
    else await navigate({ to: LANDING_PATH });
  });

  return (
    <AuthCard title="ログイン" description="メールアドレスとパスワードを入力してください">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <FormTextField
            control={form.control}
            name="email"
            label="メールアドレス"
            type="email"
            autoComplete="email"
            autoFocus
          />
          <PasswordField control={form.control} name="password" label="パスワード" autoComplete="current-password" />
          <Box sx={{ textAlign: "right", mt: "8px !important" }}>
            <RouterLink to="/auth/reset-password" variant="body2" underline="hover">
              パスワードをお忘れの方
            </RouterLink>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
            ログイン
          </Button>
        </Stack>
      </Box>

      {hasSns && (
        <>
          <Divider sx={{ my: 3, color: "text.secondary", fontSize: 13 }}>または</Divider>
          <SnsButtons purpose="login" returnTo={returnTo} />
        </>
      )}

      <Divider sx={{ mt: 4, mb: 3 }} />
      <Typography variant="body2" sx={{ textAlign: "center", color: "text.secondary" }}>
        アカウントをお持ちでない方は{" "}
        <RouterLink to="/auth/signup" underline="hover" sx={{ fontWeight: 700 }}>
          新規登録
        </RouterLink>
      </Typography>
    </AuthCard>
  );
}
