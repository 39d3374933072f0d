// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SetupHint } from "./service-setup-hint.tsx";

afterEach(() => {
  cleanup();
});

describe("a service the server was started without", () => {
  it("tells ordinary staff whom to ask, without the server's variables or the operator's guide", () => {
    const { container } = render(<SetupHint service="slack" canManage={false} />);
    expect(screen.getByText("Slack連携はまだご利用いただけません")).toBeTruthy();
    expect(container.textContent).toContain("オーナーまたは管理者にお問い合わせください");
    expect(container.textContent).not.toMatch(/SLACK_CLIENT|docs\/|operations\.md/);
  });

  it("tells those who manage integrations what the operator sets", () => {
    const { container } = render(<SetupHint service="chatwork" canManage />);
    expect(container.textContent).toContain("CHATWORK_CLIENT_ID");
    expect(container.textContent).toContain("docs/operations.md");
  });
});
