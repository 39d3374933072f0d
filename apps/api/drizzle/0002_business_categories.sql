-- 業種: the catalogue shown when a company describes itself and when AI templates are chosen.
INSERT INTO "business_categories" ("id", "name", "position") VALUES
  ('agriculture', '農業・林業・漁業', 1),
  ('construction', '建設業', 2),
  ('manufacturing', '製造業', 3),
  ('energy', '電気・ガス・熱供給・水道業', 4),
  ('it', '情報通信業', 5),
  ('logistics', '運輸業・郵便業', 6),
  ('retail', '卸売業・小売業', 7),
  ('finance', '金融業・保険業', 8),
  ('real_estate', '不動産業・物品賃貸業', 9),
  ('professional', '学術研究・専門・技術サービス業', 10),
  ('hospitality', '宿泊業・飲食サービス業', 11),
  ('lifestyle', '生活関連サービス業・娯楽業', 12),
  ('education', '教育・学習支援業', 13),
  ('healthcare', '医療・福祉', 14),
  ('consulting', 'コンサルティング', 15),
  ('advertising', '広告・マーケティング', 16),
  ('staffing', '人材サービス', 17),
  ('public', '公務・団体', 18),
  ('other_services', 'サービス業（他に分類されないもの）', 19),
  ('other', 'その他', 20)
ON CONFLICT ("id") DO NOTHING;
