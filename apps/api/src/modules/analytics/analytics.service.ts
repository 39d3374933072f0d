import type {
  AnalyticsBreakdown,
  AnalyticsMeetings,
  AnalyticsMeetingType,
  AnalyticsScope,
  AnalyticsScopes,
  AnalyticsSummary,
  AnalyticsWorkload,
} from "@tasuki/contract/analytics/analytics.schema";
import type { getAnalyticsBreakdownContract } from "@tasuki/contract/analytics/get-analytics-breakdown.contract";
import type { getAnalyticsSummaryContract } from "@tasuki/contract/analytics/get-analytics-summary.contract";
import type { listAnalyticsScopesContract } from "@tasuki/contract/analytics/list-analytics-scopes.contract";
import { fromDayNumber, startOfTokyoDayNumber, tokyoDayNumber } from "@tasuki/contract/rules/tokyo-date";
import type { z } from "zod";
import {
  analyticsGroupsOf,
  analyticsProjectsOf,
  analyticsRightsOf,
  mayAnalyse,
  meetingViewerOf,
  projectViewerOf,
  taskViewerOf,
} from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { type Membership, requireMember } from "../../http/workspace-scope.ts";
import { badRequest, forbidden, notFound } from "../../lib/app-error.ts";
import { createGate, type Gate } from "../../lib/gate.ts";
import { requirePremiumFeature } from "../../plan-gate/plan-gate.ts";
import { imageUrl } from "../image/image-url.ts";
import { findLiveStaffRef, loadStaffRefs } from "../workspace-user/staff-directory.service.ts";
import {
  type BreakdownKey,
  breakdownFigures,
  findLiveGroup,
  findLiveProject,
  findWorkspaceName,
  HIDDEN_PROJECT_KEY,
  listProjectsFor,
  namesOf,
  type ScopeFilter,
  summaryFigures,
  workloadFigures,
} from "./analytics.repository.ts";
import { meetingsHeld, oneOnOneCoverage } from "./analytics-meetings.repository.ts";
import { type Period, resolvePeriod, weeksOf } from "./analytics-period.ts";

type Query = z.output<typeof getAnalyticsSummaryContract.query>;
type BreakdownQuery = z.output<typeof getAnalyticsBreakdownContract.query>;
type ScopesQuery = z.output<typeof listAnalyticsScopesContract.query>;

/** Rows a workload or breakdown answers at most: a table a person reads, not an export of the company. */
const ROW_LIMIT = 200;

/**
 * The one place where analytics is tied to the plan: every figure call passes here after the membership check.
 * Analytics is a premium feature (premium or its trial); other plans answer 403 `premium_required`.
 */
async function requireAnalyticsPlan(ctx: AppContext, member: Membership): Promise<void> {
  await requirePremiumFeature(ctx.db, member.workspaceId, "analytics");
}

const gates = new WeakMap<AppContext, Gate>();

/**
 * Runs a figure statement when its turn comes: at most half the database pool's connections at once (at least
 * one) run analytics' aggregates, so that while a page of a large company is computed, other requests (a task
 * list, a sign-in) still find a free connection instead of waiting behind it past the pool's timeout.
 */
function gated<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  let gate = gates.get(ctx);
  if (!gate) {
    gate = createGate(Math.max(1, Math.floor(ctx.config.databasePoolSize / 2)));
    gates.set(ctx, gate);
  }
  return gate.run(work);
}

async function analyticsMember(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  const member = await requireMember(ctx.db, auth, workspaceId);
  const rights = analyticsRightsOf(member);
  if (!rights.workspace && !rights.group && !rights.person) {
    throw forbidden("one of the view_analytics permissions is required", "分析を閲覧する権限がありません。");
  }
  await requireAnalyticsPlan(ctx, member);
  return { member, rights };
}

interface ResolvedScope {
  filter: ScopeFilter;
  scope: AnalyticsScope;
}

/**
 * The scope of a query, if the caller may see it: view_analytics_workspace reaches everything; view_analytics_group
 * the caller's groups with their sub-groups, the people in them, and the projects the caller sees; everyone with an
 * analytics permission themselves (as assignee and as manager), the projects they manage, and the groups they lead
 * with their sub-groups and people (the reach is the access module's `mayAnalyse`). A scope out of reach
 * answers 404, as a missing one does, so analytics never confirms what exists elsewhere.
 */
async function resolveScope(
  ctx: AppContext,
  auth: RequestAuth,
  query: Query,
): Promise<ResolvedScope & { member: Membership }> {
  const { member, rights } = await analyticsMember(ctx, auth, query.workspace_id);
  const workspaceId = member.workspaceId;
  const missing = () => notFound("analytics scope");
  switch (query.scope) {
    case "workspace": {
      if (query.scope_id !== workspaceId) throw missing();
      if (!rights.workspace)
        throw forbidden("view_analytics_workspace is required", "ワークスペース分析を閲覧する権限がありません。");
      const name = (await findWorkspaceName(ctx.db, workspaceId)) ?? "";
      return { member, filter: { kind: "workspace" }, scope: { kind: "workspace", id: workspaceId, name } };
    }
    case "group": {
      const group = await findLiveGroup(ctx.db, workspaceId, query.scope_id);
      if (!group) throw missing();
      if (!(await mayAnalyse(ctx.db, member, { kind: "group", groupId: group.id }))) throw missing();
      return {
        member,
        filter: { kind: "group", groupId: group.id },
        scope: { kind: "group", id: group.id, name: group.name },
      };
    }
    case "project": {
      const project = await findLiveProject(ctx.db, workspaceId, query.scope_id);
      if (!project) throw missing();
      const reach = { kind: "project", projectId: project.id, managerId: project.managerId } as const;
      if (!(await mayAnalyse(ctx.db, member, reach))) throw missing();
      return {
        member,
        filter: { kind: "project", projectId: project.id },
        scope: { kind: "project", id: project.id, name: project.name },
      };
    }
    case "management":
    case "workspace_user": {
      const staff = await findLiveStaffRef(ctx.db, workspaceId, query.scope_id);
      if (!staff) throw missing();
      if (!(await mayAnalyse(ctx.db, member, { kind: "person", staffId: staff.id }))) throw missing();
      const name = `${staff.lastName}\u3000${staff.firstName}`;
      return {
        member,
        filter: { kind: query.scope, staffId: staff.id },
        scope: { kind: query.scope, id: staff.id, name },
      };
    }
  }
}

function periodOf(ctx: AppContext, query: Query): Period {
  const period = resolvePeriod(query.period, ctx.now(), query);
  if (period === "range_required") {
    throw badRequest("range_required", "期間の開始日と終了日を指定してください。", "period=range needs from and to");
  }
  if (period === "range_reversed") {
    throw badRequest("invalid_date_range", "終了日は開始日以降の日付を指定してください。", "to must not precede from");
  }
  if (period === "range_too_long") {
    throw badRequest("range_too_long", "期間は2年以内で指定してください。", "a range may span at most 731 days");
  }
  return period;
}

const rate = (part: number, whole: number) => (whole ? part / whole : null);
const days = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 86400) * 10) / 10);
const hours = (seconds: number | null, tasks: number) =>
  seconds === null || !tasks ? null : Math.round((seconds / 3600 / tasks) * 10) / 10;

export async function getAnalyticsSummary(ctx: AppContext, auth: RequestAuth, query: Query): Promise<AnalyticsSummary> {
  const { member, filter, scope } = await resolveScope(ctx, auth, query);
  const period = periodOf(ctx, query);
  const now = ctx.now();
  const viewer = taskViewerOf(member);
  const mondays = weeksOf(period);
  // One statement: the scope's tasks are read once for the figures and the weekly trend.
  const sums = await gated(ctx, () =>
    summaryFigures(
      ctx.db,
      member.workspaceId,
      filter,
      viewer,
      { now, start: period.start, end: period.end },
      mondays.map(startOfTokyoDayNumber),
    ),
  );
  const weekRows = sums.weeks;
  let createdSoFar = 0;
  let completedSoFar = 0;
  const weeks = weekRows.map((row) => {
    createdSoFar += row.created;
    completedSoFar += row.completed;
    return {
      week_start: fromDayNumber(mondays[row.week]!),
      created: row.created,
      completed: row.completed,
      cumulative_created: createdSoFar,
      cumulative_completed: completedSoFar,
      overdue_at_end: row.overdue_at_end,
    };
  });
  return {
    scope,
    period: { kind: period.kind, from: fromDayNumber(period.fromDay), to: fromDayNumber(period.toDay) },
    now: {
      open: sums.open_now,
      not_started: sums.not_started_now,
      in_progress: sums.in_progress_now,
      overdue: sums.overdue_now,
      no_deadline: sums.no_deadline_now,
    },
    due: {
      total: sums.due_total,
      not_started: sums.due_not_started,
      in_progress: sums.due_in_progress,
      done: sums.due_done,
      closed: sums.due_closed,
      overdue: sums.due_overdue,
    },
    created: sums.created,
    completed: sums.completed,
    completed_with_deadline: sums.completed_with_deadline,
    completed_on_time: sums.completed_on_time,
    on_time_rate: rate(sums.completed_on_time, sums.completed_with_deadline),
    lead_time_days: { average: days(sums.lead_average_s), median: days(sums.lead_median_s) },
    hours_in_status: {
      not_started: hours(sums.not_started_s ?? (sums.completed ? 0 : null), sums.completed),
      in_progress: hours(sums.in_progress_s ?? (sums.completed ? 0 : null), sums.completed),
    },
    periodic: {
      due: sums.periodic_due,
      on_time: sums.periodic_on_time,
      rate: rate(sums.periodic_on_time, sums.periodic_due),
    },
    weeks,
  };
}

/** The meeting types in the meeting form's order. */
const MEETING_TYPES: AnalyticsMeetingType[] = ["regular", "one_on_one", "project", "other"];
/** 1on1 coverage looks back four weeks: today and the 27 Tokyo days before it. */
const ONE_ON_ONE_DAYS = 28;
const tenths = (value: number) => Math.round(value * 10) / 10;

/**
 * Meetings held in the period (started in it, and by now) per type with their hours and person-hours, and 1on1
 * coverage of the scope's people over the last four weeks. Only meetings the caller may see by the meeting rule
 * count, and a manager's or project's people are found through the tasks the caller may see: no count tells of a
 * meeting or a task hidden from them.
 */
export async function getAnalyticsMeetings(
  ctx: AppContext,
  auth: RequestAuth,
  query: Query,
): Promise<AnalyticsMeetings> {
  const { member, filter, scope } = await resolveScope(ctx, auth, query);
  const period = periodOf(ctx, query);
  const now = ctx.now();
  const viewers = { tasks: taskViewerOf(member), meetings: meetingViewerOf(member) };
  const until = new Date(Math.min(period.end.getTime(), now.getTime()));
  const held = await gated(ctx, () =>
    meetingsHeld(ctx.db, member.workspaceId, filter, viewers.meetings, period.start, until),
  );
  const today = tokyoDayNumber(now);
  const fromDay = today - (ONE_ON_ONE_DAYS - 1);
  const coverage = await gated(ctx, () =>
    oneOnOneCoverage(ctx.db, member.workspaceId, filter, viewers, startOfTokyoDayNumber(fromDay), now, ROW_LIMIT),
  );
  const staff = await loadStaffRefs(
    ctx.db,
    member.workspaceId,
    coverage.map((row) => row.staff_id),
  );
  const figures = (rows: typeof held) => ({
    meetings: rows.reduce((sum, row) => sum + row.meetings, 0),
    hours: tenths(rows.reduce((sum, row) => sum + row.seconds, 0) / 3600),
    person_hours: tenths(rows.reduce((sum, row) => sum + row.person_seconds, 0) / 3600),
  });
  const people = coverage[0]?.people ?? 0;
  const covered = coverage[0]?.covered ?? 0;
  return {
    scope,
    period: { kind: period.kind, from: fromDayNumber(period.fromDay), to: fromDayNumber(period.toDay) },
    held: figures(held),
    by_type: MEETING_TYPES.map((type) => ({ type, ...figures(held.filter((row) => row.type === type)) })),
    one_on_one: {
      from: fromDayNumber(fromDay),
      to: fromDayNumber(today),
      people,
      covered,
      rate: rate(covered, people),
      rows: coverage.flatMap((row) => {
        const person = staff.get(row.staff_id);
        if (!person) return [];
        const last = row.last_at === null ? null : new Date(row.last_at).toISOString();
        return [{ staff: staffRef(person), count: row.count, last_at: last }];
      }),
    },
  };
}

const staffRef = (row: { id: string; lastName: string; firstName: string; avatarImageId: string | null }) => ({
  id: row.id,
  last_name: row.lastName,
  first_name: row.firstName,
  avatar_url: imageUrl(row.avatarImageId),
});

export async function getAnalyticsWorkload(
  ctx: AppContext,
  auth: RequestAuth,
  query: Query,
): Promise<AnalyticsWorkload> {
  const { member, filter, scope } = await resolveScope(ctx, auth, query);
  periodOf(ctx, query); // The buckets are about now, but a bad period is still a bad request.
  const now = ctx.now();
  const today = tokyoDayNumber(now);
  const rows = await gated(ctx, () =>
    workloadFigures(
      ctx.db,
      member.workspaceId,
      filter,
      taskViewerOf(member),
      now,
      {
        tomorrow: startOfTokyoDayNumber(today + 1),
        in4: startOfTokyoDayNumber(today + 4),
        in8: startOfTokyoDayNumber(today + 8),
      },
      ROW_LIMIT,
    ),
  );
  const staff = await loadStaffRefs(
    ctx.db,
    member.workspaceId,
    rows.flatMap((row) => (row.assignee_id ? [row.assignee_id] : [])),
  );
  return {
    scope,
    people: rows[0]?.people ?? 0,
    rows: rows.map(({ assignee_id, people: _people, ...counts }) => {
      const person = assignee_id ? staff.get(assignee_id) : undefined;
      return { staff: person ? staffRef(person) : null, ...counts };
    }),
  };
}

export async function getAnalyticsBreakdown(
  ctx: AppContext,
  auth: RequestAuth,
  query: BreakdownQuery,
): Promise<AnalyticsBreakdown> {
  const { member, filter, scope } = await resolveScope(ctx, auth, query);
  const period = periodOf(ctx, query);
  const workspaceId = member.workspaceId;
  // A workspace or group scope rolls its groups up along the org tree; other scopes list each task's own group.
  const rollup = query.by === "group" && (filter.kind === "workspace" || filter.kind === "group");
  const key: BreakdownKey = rollup ? "group_rollup" : query.by;
  const rows = await gated(ctx, () =>
    breakdownFigures(
      ctx.db,
      workspaceId,
      filter,
      taskViewerOf(member),
      { now: ctx.now(), start: period.start, end: period.end },
      key,
      filter.kind === "group" ? filter.groupId : null,
      ROW_LIMIT,
      projectViewerOf(member),
    ),
  );
  const hidden = (row: { key: string | null }) => query.by === "project" && row.key === HIDDEN_PROJECT_KEY;
  const ids = rows.flatMap((row) => (row.key && !hidden(row) ? [row.key] : []));
  const names =
    query.by === "group" || query.by === "project"
      ? await namesOf(ctx.db, workspaceId, query.by, ids)
      : query.by === "person"
        ? new Map(
            [...(await loadStaffRefs(ctx.db, workspaceId, ids)).values()].map((s) => [
              s.id,
              `${s.lastName}\u3000${s.firstName}`,
            ]),
          )
        : new Map<string, string>();
  return {
    scope,
    by: query.by,
    rows: rows.map((row) => ({
      ...row,
      ...(hidden(row) ? { key: null, hidden: true } : { hidden: false }),
      name: row.key && !hidden(row) ? (names.get(row.key) ?? "") : "",
      // The group scope's own row holds only its direct tasks; every other group row holds its branch.
      rolled_up: rollup && row.key !== null && row.key !== scope.id,
    })),
  };
}

export async function listAnalyticsScopes(
  ctx: AppContext,
  auth: RequestAuth,
  query: ScopesQuery,
): Promise<AnalyticsScopes> {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  const rights = analyticsRightsOf(member);
  const workspaceId = member.workspaceId;
  const groups = await analyticsGroupsOf(ctx.db, member);
  const reach = analyticsProjectsOf(member);
  const projects = reach === undefined ? [] : await listProjectsFor(ctx.db, workspaceId, reach);
  const any = rights.workspace || rights.group || rights.person;
  const me = any ? staffRef(member) : null;
  // The landing scope: the widest the caller may see. A group member or leader lands on their topmost group.
  const reachable = new Set(groups.map((group) => group.id));
  const topGroup = groups.find((group) => !group.parent_id || !reachable.has(group.parent_id));
  const default_scope = rights.workspace
    ? ({ kind: "workspace", id: workspaceId } as const)
    : topGroup
      ? ({ kind: "group", id: topGroup.id } as const)
      : any
        ? ({ kind: "workspace_user", id: member.id } as const)
        : null;
  const workspace = rights.workspace
    ? { id: workspaceId, name: (await findWorkspaceName(ctx.db, workspaceId)) ?? "" }
    : null;
  return { default_scope, workspace, groups, projects, me };
}
