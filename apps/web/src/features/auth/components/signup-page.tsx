import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { signupWithEmailBodySchema, verificationCodeNewBodySchema } from "@tasuki/contract/auth/auth.schema";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { AuthCard } from "../../../components/auth-card.tsx";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { PersonNameFields } from "../../../components/person-name-fields.tsx";
import { RouterLink } from "../../../components/router-link.tsx";
import { isApiRequestError } from "../../../lib/api-error.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { INVITATION_PATH, LANDING_PATH } from "../../../session/navigation-rules.ts";
import { pendingInvitationToken } from "../../../session/pending-invitation.ts";
import { signIn, signOut, syncSession, useSession } from "../../../session/session.ts";
import { CreateWorkspaceForm } from "../../workspace/components/create-workspace-form.tsx";
import { useSignupWithEmail } from "../api/signup-with-email.ts";
import { useRequestVerificationCode } from "../api/verification-code-new.ts";
import { SnsButtons, useHasSnsProviders } from "./sns-buttons.tsx";
import { TermsCheckbox } from "./terms-checkbox.tsx";
import { VerificationCodeStep } from "./verification-code-step.tsx";

const STEPS = ["メールアドレス", "確認コード", "お名前とパスワード", "ワークスペース作成"] as const;

const STEP_DESCRIPTIONS = [
  "ご利用になるメールアドレスを入力してください。確認コードをお送りします。",
  "メールに届いた確認コードを入力してください。",
  "お名前とログインに使うパスワードを設定してください。",
  "最後に、チームで使うワークスペースを作成しましょう。",
];

/**
 * Sign-up: e-mail → code → name and password → first workspace → /task. A signed-in user without
 * a workspace (e.g. back from a social sign-up) lands directly on the last step.
 */
export function SignupPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [email, setEmail] = useState("");
  const [verificationToken, setVerificationToken] = useState("");
  const activeStep = session.status === "signed_in" ? 3 : step;
  // Signed up from an invitation link: join that workspace instead of creating one.
  const invitation = activeStep === 3 ? pendingInvitationToken() : null;
  if (invitation) return <Navigate to={INVITATION_PATH} search={{ token: invitation }} replace />;
  // A member whose every workspace suspended or retired them lands here too: say why.
  const stoppedWorkspaces =
    session.status === "signed_in"
      ? session.user.workspace_users
          .filter((membership) => membership.status === "suspended" || membership.status === "retired")
          .map((membership) => `「${membership.workspace.name}」`)
      : [];

  return (
    <AuthCard title="新規登録" description={STEP_DESCRIPTIONS[activeStep]} width={560}>
      <Stepper activeStep={activeStep} alternativeLabel sx={{ mb: 4 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {activeStep === 0 && (
        <EmailStep
          defaultEmail={email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep(1);
          }}
        />
      )}
      {activeStep === 1 && (
        <VerificationCodeStep
          email={email}
          purpose="signup"
          onVerified={(token) => {
            setVerificationToken(token);
            setStep(2);
          }}
          onChangeEmail={() => setStep(0)}
        />
      )}
      {activeStep === 2 && <ProfileStep verificationToken={verificationToken} onExpired={() => setStep(0)} />}
      {activeStep === 3 && (
        <>
          {stoppedWorkspaces.length > 0 && (
            <Alert severity="warning" sx={{ mb: 3 }}>
              {stoppedWorkspaces.join("、")}
              へのアクセスは停止されています。再開については各ワークスペースの管理者にお問い合わせください。新しいワークスペースを作成して使い始めることもできます。
            </Alert>
          )}
          <CreateWorkspaceForm
            onCreated={async (workspace) => {
              try {
                await syncSession(workspace.id);
              } catch (error) {
                showErrorToast(error);
                return;
              }
              showToast("登録が完了しました", { type: "success" });
              await navigate({ to: LANDING_PATH, search: { workspace_id: undefined } });
            }}
          />
          <Typography variant="body2" sx={{ textAlign: "center", color: "text.secondary", mt: 3 }}>
            別のアカウントで続ける場合は{" "}
            <Link component="button" type="button" variant="body2" underline="hover" onClick={() => void signOut()}>
              ログアウト
            </Link>
          </Typography>
        </>
      )}

      {activeStep < 2 && (
        <>
          <Divider sx={{ mt: 4, mb: 3 }} />
          <Typography variant="body2" sx={{ textAlign: "center", color: "text.secondary" }}>
            すでにアカウントをお持ちの方は{" "}
            <RouterLink to="/auth" underline="hover" sx={{ fontWeight: 700 }}>
              ログイン
            </RouterLink>
          </Typography>
        </>
      )}
    </AuthCard>
  );
}

const emailSchema = verificationCodeNewBodySchema.pick({ email: true });

function EmailStep({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const requestCode = useRequestVerificationCode();
  const hasSns = useHasSnsProviders();
  const [snsTermsAgreed, setSnsTermsAgreed] = useState(false);
  const form = useForm({ resolver: zodResolver(emailSchema), defaultValues: { email: defaultEmail } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestCode.mutateAsync({ email, purpose: "signup" });
      onSent(email);
    } catch {
      // shown by the mutation cache
    }
  });

  return (
    <>
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
          <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
            次へ
          </Button>
        </Stack>
      </Box>
      {hasSns && (
        <>
          <Divider sx={{ my: 3, color: "text.secondary", fontSize: 13 }}>外部アカウントで登録</Divider>
          <Stack spacing={1.5}>
            <TermsCheckbox name="agree_terms_sns" checked={snsTermsAgreed} onChange={setSnsTermsAgreed} />
            <SnsButtons purpose="signup" disabled={!snsTermsAgreed} />
            {!snsTermsAgreed && (
              <Typography variant="caption" sx={{ color: "text.secondary" }}>
                外部アカウントで登録するには、利用規約とプライバシーポリシーへの同意が必要です。
              </Typography>
            )}
          </Stack>
        </>
      )}
    </>
  );
}

// The checkbox starts unticked, so the form holds a boolean; the contract's literal `true` is checked on submit.
const profileSchema = signupWithEmailBodySchema.omit({ verification_token: true, agree_terms: true }).extend({
  agree_terms: z.boolean().refine(Boolean, { error: "利用規約とプライバシーポリシーへの同意が必要です" }),
});

function ProfileStep({ verificationToken, onExpired }: { verificationToken: string; onExpired: () => void }) {
  const signup = useSignupWithEmail();
  const form = useForm({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      last_name: "",
      first_name: "",
      last_name_kana: "",
      first_name_kana: "",
      password: "",
      agree_terms: false,
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    let tokens: Awaited<ReturnType<typeof signup.mutateAsync>>;
    try {
      tokens = await signup.mutateAsync({ ...values, agree_terms: true, verification_token: verificationToken });
    } catch (error) {
      // A verification token that has run out cannot be renewed here: start the address step again.
      if (isApiRequestError(error) && error.code.includes("verification")) onExpired();
      return;
    }
    try {
      await signIn(tokens);
    } catch (error) {
      showErrorToast(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <PersonNameFields form={form} whose="self" autoFocus placeholders />
        <PasswordField
          control={form.control}
          name="password"
          label="パスワード"
          autoComplete="new-password"
          helperText="8文字以上128文字以内。推測されにくいものを設定してください。"
        />
        <Controller
          control={form.control}
          name="agree_terms"
          render={({ field, fieldState }) => (
            <TermsCheckbox
              checked={Boolean(field.value)}
              onChange={(checked) => field.onChange(checked)}
              error={fieldState.error?.message}
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
          登録する
        </Button>
      </Stack>
    </Box>
  );
}
