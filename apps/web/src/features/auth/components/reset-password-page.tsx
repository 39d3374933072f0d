import { zodResolver } from "@hookform/resolvers/zod";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useNavigate } from "@tanstack/react-router";
import { resetPasswordBodySchema, verificationCodeNewBodySchema } from "@tasuki/contract/auth/auth.schema";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AuthCard } from "../../../components/auth-card.tsx";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { PasswordField } from "../../../components/password-field.tsx";
import { RouterLink } from "../../../components/router-link.tsx";
import { showToast } from "../../../lib/toast.tsx";
import { LOGIN_PATH } from "../../../session/navigation-rules.ts";
import { useResetPassword } from "../api/reset-password.ts";
import { useRequestVerificationCode } from "../api/verification-code-new.ts";
import { VerificationCodeStep } from "./verification-code-step.tsx";

const STEPS = ["メールアドレス", "確認コード", "新しいパスワード"] as const;
const DESCRIPTIONS = [
  "ご登録のメールアドレスを入力してください。パスワード再設定用の確認コードをお送りします。",
  "メールに届いた確認コードを入力してください。",
  "新しいパスワードを設定してください。設定後はすべての端末で再度ログインが必要になります。",
];

export function ResetPasswordPage() {
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [email, setEmail] = useState("");
  const [verificationToken, setVerificationToken] = useState("");

  return (
    <AuthCard title="パスワードの再設定" description={DESCRIPTIONS[step]} width={500}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && (
        <EmailStep
          defaultEmail={email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep(1);
          }}
        />
      )}
      {step === 1 && (
        <VerificationCodeStep
          email={email}
          purpose="reset_password"
          onVerified={(token) => {
            setVerificationToken(token);
            setStep(2);
          }}
          onChangeEmail={() => setStep(0)}
        />
      )}
      {step === 2 && <NewPasswordStep verificationToken={verificationToken} />}
      <Divider sx={{ mt: 4, mb: 3 }} />
      <Typography variant="body2" sx={{ textAlign: "center" }}>
        <RouterLink to="/auth" underline="hover">
          ログイン画面に戻る
        </RouterLink>
      </Typography>
    </AuthCard>
  );
}

const emailSchema = verificationCodeNewBodySchema.pick({ email: true });

function EmailStep({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const requestCode = useRequestVerificationCode();
  const form = useForm({ resolver: zodResolver(emailSchema), defaultValues: { email: defaultEmail } });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestCode.mutateAsync({ email, purpose: "reset_password" });
      onSent(email);
    } catch {
      // shown by the mutation cache
    }
  });
  return (
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
  );
}

const passwordSchema = resetPasswordBodySchema.pick({ password: true });

function NewPasswordStep({ verificationToken }: { verificationToken: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { password: "" } });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ verification_token: verificationToken, password });
    } catch {
      return; // shown by the mutation cache
    }
    showToast("パスワードを再設定しました。新しいパスワードでログインしてください", { type: "success" });
    await navigate({ to: LOGIN_PATH });
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <PasswordField
          control={form.control}
          name="password"
          label="新しいパスワード"
          autoComplete="new-password"
          autoFocus
          helperText="8文字以上128文字以内で入力してください。"
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
          再設定する
        </Button>
      </Stack>
    </Box>
  );
}
