import Alert from "@mui/material/Alert";
import type { Permission } from "@tasuki/contract/authority/authority.schema";
import { permissionLabels } from "@tasuki/contract/authority/authority.schema";

/** Says why a page shows no edit controls: the permission the caller's role lacks. */
export function ReadOnlyNotice({ permission, ownerOnly = false }: { permission?: Permission; ownerOnly?: boolean }) {
  const who = ownerOnly
    ? "オーナーのみ"
    : `「${permission ? permissionLabels[permission].label : ""}」の権限があるスタッフのみ`;
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 3, bgcolor: "background.paper" }}>
      閲覧のみ可能です。変更できるのは{who}です。
    </Alert>
  );
}
