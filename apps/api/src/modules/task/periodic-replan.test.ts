/**
 * The daily re-planning on a fixed clock: the rolling horizon moves with the days, the occurrences follow,
 * and a second run on the same day changes nothing.
 */

import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import { deleteTaskContract, getTaskContract, newTaskContract } from "@tasuki/contract/task/task.contracts";
import { deleteTaskPeriodicContract, putTaskPeriodicContract } from "@tasuki/contract/task/task-periodic.contract";
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForJob } from "../../../test/job-helpers.ts";
import { createTestApp, PASSWORD, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { tasks } from "../../db/schema/tasks.ts";
import { extendPeriodicSeries } from "./task-periodic.service.ts";

// Monday 2026-12-28, 09:00 in Tokyo. 成人の日 is Monday 2027-01-11, 建国記念の日 Thursday 2027-02-11.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-12-28T00:00:00Z") });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;

/** Live generated rows of a series: date, and when the template's content was copied (the row's id). */
const liveOccurrences = (seriesId: string) =>
  t.ctx.db
    .select({ id: tasks.id, date: tasks.occurrenceDate, updatedAt: tasks.updatedAt })
    .from(tasks)
    .where(and(eq(tasks.periodicSeriesId, seriesId), isNotNull(tasks.occurrenceDate), isNull(tasks.deletedAt)))
    .orderBy(asc(tasks.occurrenceDate));

describe("periodic re-planning", () => {
  it("extends each series to the new horizon every day, skipping holidays, and a second run adds nothing", async () => {
    const owner = await signUpWithWorkspace(t, "株式会社定例");
    const token = owner.tokens.access_token;
    const template = await t.api.call(
      newTaskContract,
      { body: { workspace_id: owner.workspace.id, title: "週次報告" } },
      { token },
    );
    expect(template.status).toBe(201);
    const set = await t.api.call(
      putTaskPeriodicContract,
      {
        params: { id: template.body.id },
        body: {
          rule: { frequency: "weekly", weekdays: [1], start_date: "2027-01-01", holiday_handling: "skip" },
        },
      },
      { token },
    );
    expect(set.status).toBe(200);
    const seriesId = set.body.periodic_series_id as string;
    const first = await liveOccurrences(seriesId);
    // Today + 60 days = 2027-02-26: Mondays from 01-04 to 02-22, without 成人の日 (01-11).
    expect(first.map((row) => row.date)).toEqual([
      "2027-01-04",
      "2027-01-18",
      "2027-01-25",
      "2027-02-01",
      "2027-02-08",
      "2027-02-15",
      "2027-02-22",
    ]);
    const templateBefore = (await t.ctx.db.select().from(tasks).where(eq(tasks.id, template.body.id)))[0]!;

    // The same day: nothing to add.
    expect(await extendPeriodicSeries(t.ctx)).toMatchObject({ created: 0 });

    // Ten days later, through the job as the schedule runs it: the horizon is 2027-03-08.
    t.advance(10 * DAY);
    const id = await t.ctx.jobs.enqueue(t.ctx.db, "periodic-replan", {});
    const done = await waitForJob(t.ctx.db, id!);
    expect(done.output).toMatchObject({ created: 2 });
    const extended = await liveOccurrences(seriesId);
    expect(extended.map((row) => row.date)).toEqual([...first.map((row) => row.date), "2027-03-01", "2027-03-08"]);
    // The rows that were there are the same rows, untouched; so is the template.
    expect(extended.slice(0, first.length)).toEqual(first);
    const templateAfter = (await t.ctx.db.select().from(tasks).where(eq(tasks.id, template.body.id)))[0]!;
    expect(templateAfter).toEqual(templateBefore);

    // Run again the same day: idempotent.
    expect(await extendPeriodicSeries(t.ctx)).toMatchObject({ created: 0 });
    expect(await liveOccurrences(seriesId)).toEqual(extended);

    // The new occurrences show in the task list of the owner like the others.
    const login = await t.api.call(loginWithEmailContract, { body: { email: owner.email, password: PASSWORD } });
    const detail = await t.api.call(
      getTaskContract,
      { params: { id: extended.at(-1)!.id } },
      { token: login.body.access_token },
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ title: "週次報告", expires_at: "2027-03-08T14:59:59.000Z" });
  });

  it("leaves a series whose template is in the trash, and one a person cleared, as they are", async () => {
    const owner = await signUpWithWorkspace(t, "株式会社停止");
    const token = owner.tokens.access_token;
    const newSeries = async (title: string) => {
      const task = await t.api.call(newTaskContract, { body: { workspace_id: owner.workspace.id, title } }, { token });
      const set = await t.api.call(
        putTaskPeriodicContract,
        {
          params: { id: task.body.id },
          body: {
            rule: { frequency: "daily", start_date: "2027-01-01" },
          },
        },
        { token },
      );
      expect(set.status).toBe(200);
      return { id: task.body.id as string, seriesId: set.body.periodic_series_id as string };
    };
    const trashed = await newSeries("日次点検");
    const cleared = await newSeries("日次集計");
    expect((await t.api.call(deleteTaskContract, { params: { id: trashed.id } }, { token })).status).toBe(200);
    expect((await t.api.call(deleteTaskPeriodicContract, { params: { id: cleared.id } }, { token })).status).toBe(200);
    const before = {
      trashed: await liveOccurrences(trashed.seriesId),
      cleared: await liveOccurrences(cleared.seriesId),
    };
    t.advance(5 * 60 * 1000);
    await extendPeriodicSeries(t.ctx);
    expect(await liveOccurrences(trashed.seriesId)).toEqual(before.trashed);
    expect(await liveOccurrences(cleared.seriesId)).toEqual(before.cleared);
  });
});
