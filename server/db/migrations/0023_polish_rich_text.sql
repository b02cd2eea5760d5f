-- One rich-text format for every field (issue 11 "Contract faithfulness"): goods content and
-- after-sale text were stored as plain HTML while articles used `html##qingwuit##json`. Rows
-- without the separator get it with an empty editor document, which the editors read as
-- "rebuild from the HTML" (server/modules/content/richText.ts richTextOf). Runs safely twice:
-- a row that already holds the separator, or is empty, is left alone.
UPDATE "goods" SET "goods_content" = "goods_content" || '##qingwuit##{"type":"doc","content":[]}'
  WHERE "goods_content" <> '' AND position('##qingwuit##' in "goods_content") = 0;--> statement-breakpoint
UPDATE "goods" SET "goods_content_mobile" = "goods_content_mobile" || '##qingwuit##{"type":"doc","content":[]}'
  WHERE "goods_content_mobile" <> '' AND position('##qingwuit##' in "goods_content_mobile") = 0;--> statement-breakpoint
UPDATE "stores" SET "after_sale_service" = "after_sale_service" || '##qingwuit##{"type":"doc","content":[]}'
  WHERE "after_sale_service" <> '' AND position('##qingwuit##' in "after_sale_service") = 0;--> statement-breakpoint
UPDATE "articles" SET "content" = "content" || '##qingwuit##{"type":"doc","content":[]}'
  WHERE "content" <> '' AND position('##qingwuit##' in "content") = 0;--> statement-breakpoint
UPDATE "notices" SET "content" = "content" || '##qingwuit##{"type":"doc","content":[]}'
  WHERE "content" <> '' AND position('##qingwuit##' in "content") = 0;--> statement-breakpoint
UPDATE "agreements" SET "content" = "content" || '##qingwuit##{"type":"doc","content":[]}'
  WHERE "content" <> '' AND position('##qingwuit##' in "content") = 0;--> statement-breakpoint
UPDATE "app_versions" SET "content" = "content" || '##qingwuit##{"type":"doc","content":[]}'
  WHERE "content" <> '' AND position('##qingwuit##' in "content") = 0;
