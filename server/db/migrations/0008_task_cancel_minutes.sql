-- Timed tasks (issue 12, docs/orders-api.md): unpaid orders are kept `cancel_minutes` minutes
-- (default 30) instead of the reference's whole days (`cancel`). A database seeded before keeps
-- an operator's choice in minutes (days × 1440, at most 7 days); the seeded 1 day becomes the new
-- default of 30 minutes. `confirm` and `settlement` stay days. A row that is not a JSON object
-- gets the defaults (nothing could read it).
DO $$
BEGIN
  UPDATE "configs"
  SET "content" = (("content"::jsonb - 'cancel') || jsonb_build_object('cancel_minutes',
      CASE
        WHEN coalesce("content"::jsonb ->> 'cancel', '1') !~ '^[0-9]{1,3}$' THEN '30'
        WHEN ("content"::jsonb ->> 'cancel')::int IN (0, 1) THEN '30'
        ELSE least(("content"::jsonb ->> 'cancel')::int * 1440, 10080)::text
      END))::text,
      "updated_at" = now()
  WHERE "name" = 'task' AND "deleted_at" IS NULL AND NOT ("content"::jsonb ? 'cancel_minutes');
EXCEPTION WHEN others THEN
  UPDATE "configs"
  SET "content" = '{"cancel_minutes":"30","confirm":"4","settlement":"7"}', "updated_at" = now()
  WHERE "name" = 'task' AND "deleted_at" IS NULL;
END
$$;
