import type { Notification } from "@tasuki/contract/notification/notification.schema";
import { describe, expect, it } from "vitest";
import { notificationText, timeAgo } from "./notification-text.ts";

const base: Notification = {
  id: "0190a0a0-0000-7000-8000-000000000001",
  workspace_id: "0190a0a0-0000-7000-8000-000000000002",
  kind: "task_assigned",
  task: { id: "0190a0a0-0000-7000-8000-000000000003", title: "見積書を送る" },
  meeting: null,
  actor: { id: "0190a0a0-0000-7000-8000-000000000004", last_name: "山田", first_name: "太郎", avatar_url: null },
  from_status: null,
  to_status: null,
  deadline_date: null,
  days_before: null,
  service: null,
  comment_excerpt: null,
  read_at: null,
  created_at: "2026-12-01T00:00:00.000Z",
};

describe("notificationText", () => {
  it("says who did what to which task", () => {
    expect(notificationText(base)).toBe("山田　太郎さんがあなたをタスク「見積書を送る」の担当者に設定しました");
    expect(notificationText({ ...base, kind: "task_done" })).toBe(
      "山田　太郎さんがあなたが管理するタスク「見積書を送る」を完了にしました",
    );
    expect(
      notificationText({ ...base, kind: "task_status_changed", from_status: "none", to_status: "in_progress" }),
    ).toBe("山田　太郎さんがタスク「見積書を送る」のステータスを「未着手」から「進行中」に変更しました");
  });

  it("quotes the opening words of a comment or a mention", () => {
    const excerpt = { ...base, comment_excerpt: "金額を確認しました" };
    expect(notificationText({ ...excerpt, kind: "task_commented" })).toBe(
      "山田　太郎さんがタスク「見積書を送る」にコメントしました：「金額を確認しました」",
    );
    expect(notificationText({ ...excerpt, kind: "task_mentioned" })).toBe(
      "山田　太郎さんがタスク「見積書を送る」のコメントであなたをメンションしました：「金額を確認しました」",
    );
  });

  it("words reminders by the days left", () => {
    const reminder = { ...base, kind: "task_reminder" as const, actor: null, deadline_date: "2026-12-03" };
    expect(notificationText({ ...reminder, days_before: 0 })).toBe("タスク「見積書を送る」の期限は本日です");
    expect(notificationText({ ...reminder, days_before: 2 })).toBe(
      "タスク「見積書を送る」の期限まであと2日です（2026年12月3日）",
    );
  });
});

describe("meeting notices", () => {
  it("name the meeting and its Tokyo start", () => {
    const meeting = {
      ...base,
      task: null,
      meeting: {
        id: "0190a0a0-0000-7000-8000-000000000005",
        name: "営業部定例",
        starts_at: "2026-12-07T01:00:00.000Z",
      },
    };
    expect(notificationText({ ...meeting, kind: "meeting_invited" })).toBe(
      "山田　太郎さんがあなたを会議「営業部定例」（12月7日 10:00〜）に招待しました",
    );
    expect(notificationText({ ...meeting, kind: "meeting_minutes_shared" })).toBe(
      "山田　太郎さんが会議「営業部定例」の議事録を共有しました",
    );
    expect(notificationText({ ...meeting, kind: "meeting_removed" })).toBe(
      "山田　太郎さんがあなたを会議「営業部定例」（12月7日 10:00〜）の参加者から外しました",
    );
    expect(notificationText({ ...meeting, kind: "meeting_cancelled" })).toBe(
      "山田　太郎さんが会議「営業部定例」（12月7日 10:00〜）を取り消しました",
    );
    expect(notificationText({ ...meeting, kind: "meeting_reminder", actor: null })).toBe(
      "まもなく会議「営業部定例」が始まります（12月7日 10:00〜）",
    );
  });
});

describe("timeAgo", () => {
  const now = new Date("2026-12-01T12:00:00+09:00");
  it("counts minutes, hours and Tokyo days", () => {
    expect(timeAgo("2026-12-01T11:59:40+09:00", now)).toBe("たった今");
    expect(timeAgo("2026-12-01T11:55:00+09:00", now)).toBe("5分前");
    expect(timeAgo("2026-12-01T09:00:00+09:00", now)).toBe("3時間前");
    expect(timeAgo("2026-11-30T09:00:00+09:00", now)).toBe("昨日");
    expect(timeAgo("2026-11-27T09:00:00+09:00", now)).toBe("4日前");
    expect(timeAgo("2026-11-01T09:00:00+09:00", now)).toBe("2026年11月1日");
  });
});
