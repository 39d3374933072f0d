import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";

/** Screenshots of the product taken from the sample company (apps/web/public/guide, see docs/decisions/0019). */
function Shot({ src, alt, caption }: { src: string; alt: string; caption: string }) {
  return (
    <Box component="figure" sx={{ m: 0, mt: 1.5 }}>
      <Box
        component="img"
        src={`/guide/${src}`}
        alt={alt}
        loading="lazy"
        sx={{ display: "block", width: "100%", height: "auto", border: 1, borderColor: "divider", borderRadius: 2 }}
      />
      <Typography component="figcaption" variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5 }}>
        {caption}
      </Typography>
    </Box>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, md: 3 } }}>
      <Typography id={id} variant="h3" component="h2" sx={{ fontSize: 18, fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={1.25} sx={{ "& p": { m: 0, lineHeight: 1.9 }, "& li": { lineHeight: 1.9 } }}>
        {children}
      </Stack>
    </Paper>
  );
}

const P = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" component="p">
    {children}
  </Typography>
);

/** タスクテンプレートの使い方: making templates and using them, with pictures of the product. */
export function TemplateGuidePage() {
  return (
    <Box sx={{ maxWidth: 920 }}>
      <PageHeader
        title="タスクテンプレートの使い方"
        description="毎回同じ段取りで進む仕事を、テンプレートから一度に作る方法を説明します。"
        actions={
          <ButtonLink to="/tasktpl" variant="outlined" startIcon={<ArrowBackOutlined />}>
            テンプレート一覧へ
          </ButtonLink>
        }
      />
      <Stack spacing={2.5}>
        <Section id="guide-what" title="1. テンプレートでできること">
          <P>
            展示会の出展、月次決算、新卒採用のように、毎回ほぼ同じ段取りで進む仕事はテンプレートにしておくと便利です。
            テンプレートを「使う」と、選んだプロジェクトや会議の下に大項目・中項目・タスクがまとめて作られ、
            各タスクの期限は選んだ開始日から自動で計算されます。
          </P>
          <Box component="ul" sx={{ m: 0, pl: 3, typography: "body2" }}>
            <li>
              <b>大項目テンプレート</b>: 中項目とタスクをまとめた、仕事ひとまとまりの段取り（例: 展示会出展）
            </li>
            <li>
              <b>中項目テンプレート</b>: 大項目の中の一工程（例: 事後フォロー）
            </li>
            <li>
              <b>タスクテンプレート</b>: よく使う一つのタスク（例: 請求書の発行と送付）
            </li>
          </Box>
          <Shot
            src="template-editor.png"
            alt="タスクテンプレートの画面。左にテンプレートの一覧、右に選んだテンプレートの中身と日付のプレビュー"
            caption="タスクテンプレートの画面。左の一覧から選ぶと、右で中身を編集し、日付のプレビューを確かめられます。"
          />
        </Section>

        <Section id="guide-make" title="2. テンプレートを作る">
          <P>作り方は4通りあります。どの方法で作っても、あとから自由に編集できます。</P>
          <Box component="ol" sx={{ m: 0, pl: 3, typography: "body2" }}>
            <li>
              <b>新規作成</b>:
              画面右上の「新規作成」から種類を選び、名前・中項目・タスクを入力して「作成する」を押します。
            </li>
            <li>
              <b>いまある大項目から保存</b>:
              タスク一覧のプロジェクトタブで、大項目・中項目の「︙」メニューまたはタスクの
              メニューから「テンプレートとして保存」を選びます。中のタスクの開始日と期限は、最初の日からの日数に変換されます。
            </li>
            <li>
              <b>業種別テンプレート集から</b>:
              「項目テンプレート」タブの一覧の下にある「業種別テンプレート集」を開き、業種を選んで「自社のテンプレートに追加」を押します。
            </li>
            <li>
              <b>AIで作成</b>: 「AIで作成」に目的（例:
              秋の展示会に出展して新規の商談を30件つくる）と業種を入れると下書きが作られます。
              内容を確かめて直してから保存します。AIサービスが設定されていない環境では、業種別テンプレート集の中から目的に近いものが下書きになります。
            </li>
          </Box>
          <Shot
            src="template-save-as.png"
            alt="タスク一覧のプロジェクトタブで、大項目のメニューを開き「テンプレートとして保存」を選ぶところ"
            caption="プロジェクトタブの大項目メニュー。「テンプレートとして保存」で、中項目とタスクごとテンプレートになります。"
          />
          <Shot
            src="template-catalogue.png"
            alt="業種別テンプレート集のダイアログ。業種を選ぶと、その業種向けの大項目テンプレートが並ぶ"
            caption="業種別テンプレート集。会社情報の業種が最初に選ばれています。中身を開いて確かめてから追加できます。"
          />
        </Section>

        <Section id="guide-days" title="3. 開始と期間、営業日の数え方">
          <P>
            テンプレートのタスクには日付ではなく「開始」と「期間」を入れます。「開始」は使うときに選ぶ開始日から何日後に始めるか（0は開始日当日）、
            「期間」は期限までの日数（1はその日のうちに終わる）です。たとえば開始2・期間3なら、開始日から2日後に始まり、その3日目が期限です。
          </P>
          <P>
            「営業日で数える」にすると、土日・祝日・会社の休業日を飛ばして数えます。ゴールデンウィークや年末年始をまたいでも、期限が休みの日に重なりません。
            「暦日で数える」にすると、休みの日も1日として数えます。
          </P>
          <P>
            画面下の「日付のプレビュー」で開始日を変えると、各タスクの開始日と期限がその場で計算されます。カレンダーでは祝日が赤、休業日が橙、土日が灰色で示され、
            期限の日には下線が付きます。祝日の名前は一覧でも確認できます。
          </P>
        </Section>

        <Section id="guide-use" title="4. テンプレートを使う">
          <P>
            テンプレートを選んで「使う」を押し、追加先と開始日を選んで「追加する」を押します。大項目テンプレートはプロジェクトか会議に、
            中項目テンプレートは大項目に、タスクテンプレートはプロジェクト・会議・大項目・中項目のどこにでも追加できます。
            追加される前に、各タスクの期限がプレビューで確認できます。
          </P>
          <Shot
            src="template-use.png"
            alt="テンプレートを使うダイアログ。追加先のプロジェクト、開始日、各タスクの開始日と期限のプレビュー"
            caption="「使う」のダイアログ。追加先と開始日を選ぶと、作られるタスクの期限が表示されます。"
          />
          <P>
            タスク一覧の「テンプレートから追加」、大項目・中項目のメニューの「テンプレートから追加」、会議の議題の「テンプレートから追加」からも使えます。
            この場合は追加先が決まっているので、テンプレートと開始日を選ぶだけです。
          </P>
          <Shot
            src="template-project.png"
            alt="テンプレートから作られた大項目・中項目・タスクが、期限付きでプロジェクトタブに並んでいる"
            caption="テンプレートから作られた大項目・中項目・タスク。期限は開始日から営業日で数えた日になっています。"
          />
        </Section>

        <Section id="guide-faq" title="5. よくある質問">
          <P>
            <b>担当者はどう決まりますか？</b> タスクごとに「使う人」「プロジェクト・会議の責任者」「未定」から選べます。
            「使う人」のタスクは、ダイアログで担当者を選ばなければテンプレートを使った人が担当します。
          </P>
          <P>
            <b>テンプレートを直すと、作成済みのタスクも変わりますか？</b>
            変わりません。テンプレートの編集や削除は、これから作るものにだけ効きます。
          </P>
          <P>
            <b>だれがテンプレートを作れますか？</b>
            「テンプレートの管理」の権限がある人です。テンプレートを使うことは、追加先にタスクを作れる人ならだれでもできます。
          </P>
        </Section>
      </Stack>
    </Box>
  );
}
