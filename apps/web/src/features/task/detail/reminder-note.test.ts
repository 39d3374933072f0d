import { describe, expect, it } from "vitest";
import { reminderNote } from "./reminder-note.ts";

const channels = (on: string[]) => ({
  in_app: on.includes("in_app"),
  email: on.includes("email"),
  slack: on.includes("slack"),
  chatwork: on.includes("chatwork"),
});

describe("reminderNote", () => {
  it("says when and by which of the ticked channels the reminder comes", () => {
    expect(reminderNote({ remind: "on_the_day", days: null, channels: channels(["in_app", "email"]) }, true)).toBe(
      "期限の当日 9:00 にアプリとメールでお知らせします（担当者へ。いなければ管理者へ）。",
    );
    expect(reminderNote({ remind: "days_before", days: 3, channels: channels(["email"]) }, true)).toBe(
      "期限の3日前 9:00 にメールでお知らせします（担当者へ。いなければ管理者へ）。",
    );
    expect(
      reminderNote({ remind: "on_the_day", days: null, channels: channels(["in_app", "slack", "chatwork"]) }, true),
    ).toContain("アプリ・SlackとChatworkで");
  });

  it("says plainly when nothing will come", () => {
    expect(reminderNote({ remind: "none", days: null, channels: channels(["in_app"]) }, true)).toBe(
      "リマインドは送りません。",
    );
    expect(reminderNote({ remind: "on_the_day", days: null, channels: channels([]) }, true)).toContain("届きません");
    expect(reminderNote({ remind: "on_the_day", days: null, channels: channels(["in_app"]) }, false)).toBe(
      "期限が設定されていないため、リマインドは届きません。",
    );
  });
});
