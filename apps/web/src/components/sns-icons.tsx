import type { SnsProvider } from "@tasuki/contract/auth/auth.schema";

// Simplified brand marks drawn inline: no network fetch, no icon font.

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

function LineIcon() {
  return (
    <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true">
      <rect width="48" height="48" rx="11" fill="#06C755" />
      <path
        fill="#fff"
        d="M24 10c-8.8 0-16 5.8-16 12.9 0 6.4 5.7 11.7 13.3 12.7.5.1 1.2.3 1.4.8.2.4.1 1 .1 1.4l-.2 1.4c-.1.4-.3 1.6 1.4.9 1.7-.7 9.2-5.4 12.5-9.3 2.3-2.5 3.5-5.1 3.5-7.9C40 15.8 32.8 10 24 10z"
      />
      <path
        fill="#06C755"
        d="M17.6 26.1h-3.2c-.5 0-.8-.4-.8-.8v-6.4c0-.5.4-.8.8-.8s.8.4.8.8v5.6h2.4c.5 0 .8.4.8.8s-.4.8-.8.8zm3.3-.8c0 .5-.4.8-.8.8s-.8-.4-.8-.8v-6.4c0-.5.4-.8.8-.8s.8.4.8.8v6.4zm7.7 0c0 .4-.2.7-.6.8h-.3c-.3 0-.5-.1-.7-.3l-3.3-4.5v4c0 .5-.4.8-.8.8s-.8-.4-.8-.8v-6.4c0-.4.2-.7.6-.8h.3c.3 0 .5.1.6.3l3.3 4.5v-4c0-.5.4-.8.8-.8s.8.4.8.8v6.4zm5.2-4c.5 0 .8.4.8.8s-.4.8-.8.8h-2.4v1.6h2.4c.5 0 .8.4.8.8s-.4.8-.8.8h-3.2c-.4 0-.8-.4-.8-.8v-6.4c0-.4.4-.8.8-.8h3.2c.5 0 .8.4.8.8s-.4.8-.8.8h-2.4v1.6h2.4z"
      />
    </svg>
  );
}

function MicrosoftIcon() {
  return (
    <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true">
      <rect x="4" y="4" width="19" height="19" fill="#F25022" />
      <rect x="25" y="4" width="19" height="19" fill="#7FBA00" />
      <rect x="4" y="25" width="19" height="19" fill="#00A4EF" />
      <rect x="25" y="25" width="19" height="19" fill="#FFB900" />
    </svg>
  );
}

export function SnsIcon({ provider }: { provider: SnsProvider }) {
  if (provider === "google") return <GoogleIcon />;
  if (provider === "line") return <LineIcon />;
  return <MicrosoftIcon />;
}

export const SNS_PROVIDER_NAMES: Record<SnsProvider, string> = {
  google: "Google",
  line: "LINE",
  microsoft: "Microsoft",
};
