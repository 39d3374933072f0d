import type { taskComments, taskWatchers } from "../apps/api/src/db/schema/task-comments.ts";

interface Person {
  id: string;
  lastName: string;
  firstName: string;
}

interface TaskSeed {
  id: string;
  title: string;
  status?: string;
  assigneeId?: string | null;
  managerId?: string | null;
  groupId?: string | null;
  createdAt?: Date | null;
}

const HOUR_MS = 60 * 60 * 1000;

/** A mention as the server stores it (task-comment sanitize-comment.ts): labelled with the current name. */
const mention = (kind: "staff" | "group", id: string, label: string) =>
  `<span data-type="mention" data-id="${kind}:${id}" data-label="${label}" class="mention">@${label}</span>`;
const nameOf = (person: Person) => `${person.lastName}\u3000${person.firstName}`;

/**
 * A few realistic conversations for the demo: on tasks in progress with an assignee and a manager, the manager
 * asks for progress mentioning the assignee, who answers; one task calls its group; those who wrote watch the
 * task, and the owner follows a few more.
 */
export function sampleComments(input: {
  workspaceId: string;
  tasks: TaskSeed[];
  staff: Map<string, Person>;
  groupNames: Map<string, string>;
  ownerStaffId: string;
  now: Date;
}): { comments: (typeof taskComments.$inferInsert)[]; watchers: (typeof taskWatchers.$inferInsert)[] } {
  const { workspaceId, staff, now } = input;
  const comments: (typeof taskComments.$inferInsert)[] = [];
  const watchers = new Map<string, typeof taskWatchers.$inferInsert>();
  const watch = (taskId: string, staffId: string, createdAt: Date) =>
    watchers.set(`${taskId}:${staffId}`, { workspaceId, taskId, staffId, createdAt });
  const candidates = input.tasks
    .filter(
      (task) =>
        task.status === "in_progress" && task.assigneeId && task.managerId && task.assigneeId !== task.managerId,
    )
    .sort((a, b) => (a.assigneeId === input.ownerStaffId ? -1 : 0) - (b.assigneeId === input.ownerStaffId ? -1 : 0))
    .slice(0, 14);
  candidates.forEach((task, index) => {
    const assignee = staff.get(task.assigneeId!);
    const manager = staff.get(task.managerId!);
    if (!assignee || !manager) return;
    const start = now.getTime() - (index + 2) * 7 * HOUR_MS;
    const at = (hours: number) => new Date(start + hours * HOUR_MS);
    const say = (author: Person, body: string, hours: number, mentions: { staff: string[]; groups: string[] }) => {
      comments.push({ workspaceId, taskId: task.id, authorId: author.id, body, mentions, createdAt: at(hours) });
      watch(task.id, author.id, at(hours));
    };
    say(
      manager,
      `<p>${mention("staff", assignee.id, nameOf(assignee))} 進捗はいかがでしょうか。気になる点があれば早めに共有してください。</p>`,
      0,
      { staff: [assignee.id], groups: [] },
    );
    say(
      assignee,
      `<p>${mention("staff", manager.id, nameOf(manager))} 8割ほど進んでいます。明日の午前中に一度ご確認をお願いします。</p>`,
      2,
      { staff: [manager.id], groups: [] },
    );
    if (index % 3 === 0) {
      say(manager, "<p>承知しました。よろしくお願いします。</p>", 3, { staff: [], groups: [] });
    }
    const groupName = task.groupId ? input.groupNames.get(task.groupId) : undefined;
    if (index % 4 === 1 && task.groupId && groupName) {
      say(
        assignee,
        `<p>${mention("group", task.groupId, groupName)} の皆さん、「${task.title}」の資料の最新版を共有フォルダに置きました。<strong>金曜まで</strong>にご意見をください。</p>`,
        5,
        { staff: [], groups: [task.groupId] },
      );
    }
    if (index < 4) watch(task.id, input.ownerStaffId, at(1));
  });
  return { comments, watchers: [...watchers.values()] };
}
