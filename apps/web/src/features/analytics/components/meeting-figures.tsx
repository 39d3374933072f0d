import EventAvailableOutlined from "@mui/icons-material/EventAvailableOutlined";
import Box from "@mui/material/Box";
import { BarChart } from "@mui/x-charts/BarChart";
import { PieChart } from "@mui/x-charts/PieChart";
import type { AnalyticsMeetings, AnalyticsQuery } from "@tasuki/contract/analytics/analytics.schema";
import { MEETING_TYPE_LABELS } from "@tasuki/contract/meeting/meeting.schema";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { meetingTypesTable, oneOnOneTable } from "../analytics-tables.ts";
import { useAnalyticsMeetings } from "../api/get-analytics-meetings.ts";
import { AXIS_HEIGHT, chartText, slash } from "./analytics-chart-style.ts";
import { FigureCard } from "./figure-card.tsx";

const MEETING_COLORS = { regular: "#2f6fb5", one_on_one: "#00897b", project: "#8e24aa", other: "#5b6275" } as const;
const ONE_ON_ONE_COLORS = { covered: "#00897b", missing: "#e0a526" };

/** 会議: meetings held per type with their hours, and 1on1 coverage of the scope's people over four weeks. */
export function MeetingFigures({ query }: { query: AnalyticsQuery }) {
  const meetings = useAnalyticsMeetings(query);
  const data: AnalyticsMeetings | undefined = meetings.data;
  if (meetings.isError) return <ErrorState error={meetings.error} onRetry={() => void meetings.refetch()} />;
  const coverage = data?.one_on_one;
  const missing = coverage ? coverage.people - coverage.covered : 0;
  const manager = query.scope === "management";
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2.5,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", xl: "minmax(0, 1fr) minmax(0, 1fr)" },
      }}
    >
      <FigureCard
        title="会議"
        description={
          data
            ? `期間内に開かれた会議 ${data.held.meetings}回・${data.held.hours}時間。延べ時間は会議の時間×参加人数（${data.held.person_hours}時間）`
            : "期間内に開かれた会議の回数と時間"
        }
        csvName="分析_会議"
        loading={meetings.isFetching}
        table={data ? meetingTypesTable(data) : null}
        empty={
          <EmptyState
            bare
            icon={<EventAvailableOutlined />}
            title="この期間に開かれた会議はありません"
            description="会議を登録すると、種類ごとの回数と時間（参加者の延べ時間）がここに集計されます。"
            action={
              <ButtonLink to="/communication/meeting" variant="outlined">
                会議を見る
              </ButtonLink>
            }
          />
        }
        chart={
          data && (
            <BarChart
              layout="horizontal"
              height={200}
              localeText={chartText}
              xAxis={[{ height: AXIS_HEIGHT, valueFormatter: (value: number) => `${value}時間` }]}
              yAxis={[
                {
                  scaleType: "band",
                  width: 110,
                  data: data.by_type.map((row) => MEETING_TYPE_LABELS[row.type]),
                  colorMap: { type: "ordinal", colors: data.by_type.map((row) => MEETING_COLORS[row.type]) },
                },
              ]}
              series={[
                { label: "時間", data: data.by_type.map((row) => row.hours), valueFormatter: (v) => `${v}時間` },
              ]}
              grid={{ vertical: true }}
              hideLegend
              margin={{ right: 28 }}
            />
          )
        }
      />
      <FigureCard
        title="1on1の実施状況"
        description={
          coverage
            ? `${slash(coverage.from)}〜${slash(coverage.to)}の4週間に${manager ? "管理者と" : ""}1on1をした人 ${coverage.covered} / ${coverage.people}人${coverage.rate === null ? "" : `（${Math.round(coverage.rate * 100)}%）`}`
            : "直近4週間の1on1"
        }
        csvName="分析_1on1の実施状況"
        loading={meetings.isFetching}
        table={data ? oneOnOneTable(data) : null}
        tableFirst
        empty={
          <EmptyState
            bare
            icon={<EventAvailableOutlined />}
            title="1on1の対象になる人がいません"
            description={
              manager
                ? "タスクの管理者に設定されると、その担当者が1on1の対象としてここに並びます。"
                : "この範囲にメンバーやタスクの担当者がいると、直近4週間に1on1をしたかどうかがここに表示されます。"
            }
          />
        }
        chart={
          coverage && (
            <PieChart
              height={200}
              localeText={chartText}
              series={[
                {
                  innerRadius: 50,
                  paddingAngle: 1,
                  cornerRadius: 3,
                  data: [
                    { id: 0, value: coverage.covered, label: "実施済み", color: ONE_ON_ONE_COLORS.covered },
                    { id: 1, value: missing, label: "未実施", color: ONE_ON_ONE_COLORS.missing },
                  ],
                },
              ]}
            />
          )
        }
      />
    </Box>
  );
}
