import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Link from "@mui/material/Link";
import { useClientConfig } from "../../system/api/get-client-config.ts";

/** 「利用規約とプライバシーポリシーに同意する」 with both documents one click away (in a new tab). */
export function TermsCheckbox({
  checked,
  onChange,
  error,
  name = "agree_terms",
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  name?: string;
}) {
  const links = useClientConfig().data?.links;
  const docLink = (href: string | undefined, label: string) =>
    href ? (
      <Link
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        underline="always"
        onClick={(e) => e.stopPropagation()}
      >
        {label}
      </Link>
    ) : (
      label
    );
  return (
    <FormControl error={Boolean(error)}>
      <FormControlLabel
        control={<Checkbox name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} />}
        label={
          <>
            {docLink(links?.terms, "利用規約")}と{docLink(links?.privacy, "プライバシーポリシー")}に同意する
          </>
        }
        slotProps={{ typography: { variant: "body2" } }}
      />
      {error && <FormHelperText sx={{ mt: 0 }}>{error}</FormHelperText>}
    </FormControl>
  );
}
