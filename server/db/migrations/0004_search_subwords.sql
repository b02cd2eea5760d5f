-- Keyword search: latin words also carry their parts (camel case, letter/digit boundaries), so
-- "Buds" finds "AirBuds Pro" (server/modules/catalogue/search.ts, `subwordLexemes`). New and
-- edited goods get them from the server; this adds them to the goods written before. The
-- function mirrors `wordParts` + `subwordLexemes` with the database's character classes (on a
-- database with the C locale only ASCII letters have a case there: other words get their parts
-- when next edited). It is dropped again at the end: the server computes tokens itself.
CREATE OR REPLACE FUNCTION souk_search_subwords(input text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  run text;
  chars text[];
  parts text[];
  word text;
  current text;
  n integer;
  i integer;
  cut boolean;
  result text[] := '{}';
BEGIN
  -- CJK characters (\p{Script=Han|Hiragana|Katakana|Hangul}, as search.ts) end a latin run.
  FOR run IN
    SELECT left(m[1], 200)
    FROM regexp_matches(
      regexp_replace(normalize(coalesce(input, ''), NFKC), '[\u1100-\u11ff\u2e80-\u2e99\u2e9b-\u2ef3\u2f00-\u2fd5\u3005\u3007\u3021-\u3029\u302e-\u302f\u3038-\u303b\u3041-\u3096\u309d-\u309f\u30a1-\u30fa\u30fd-\u30ff\u3131-\u318e\u31f0-\u321e\u3260-\u327e\u32d0-\u32fe\u3300-\u3357\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97c\uac00-\ud7a3\ud7b0-\ud7c6\ud7cb-\ud7fb\uf900-\ufa6d\ufa70-\ufad9\uff66-\uff6f\uff71-\uff9d\uffa0-\uffbe\uffc2-\uffc7\uffca-\uffcf\uffd2-\uffd7\uffda-\uffdc\U00016fe2-\U00016fe3\U00016ff0-\U00016ff6\U0001aff0-\U0001aff3\U0001aff5-\U0001affb\U0001affd-\U0001affe\U0001b000-\U0001b122\U0001b132\U0001b150-\U0001b152\U0001b155\U0001b164-\U0001b167\U0001f200\U00020000-\U0002a6df\U0002a700-\U0002b81d\U0002b820-\U0002cead\U0002ceb0-\U0002ebe0\U0002ebf0-\U0002ee5d\U0002f800-\U0002fa1d\U00030000-\U0003134a\U00031350-\U00033479]', ' ', 'g'),
      '([[:alpha:][:digit:]]+)', 'g') AS m
  LOOP
    chars := regexp_split_to_array(run, '');
    n := coalesce(array_length(chars, 1), 0);
    parts := '{}';
    current := '';
    FOR i IN 1..n LOOP
      cut := i > 1 AND (
        (chars[i] ~ '^[[:digit:]]$') <> (chars[i - 1] ~ '^[[:digit:]]$')
        OR (chars[i] ~ '^[[:upper:]]$' AND (
          chars[i - 1] ~ '^[[:lower:]]$'
          OR (chars[i - 1] ~ '^[[:upper:]]$' AND i < n AND chars[i + 1] ~ '^[[:lower:]]$'))));
      IF cut THEN
        parts := parts || current;
        current := '';
      END IF;
      current := current || chars[i];
    END LOOP;
    parts := parts || current;
    -- A single letter joins the letters after it, else those before it; never digits.
    i := 1;
    WHILE i <= array_length(parts, 1) AND array_length(parts, 1) > 1 LOOP
      IF char_length(parts[i]) = 1 AND parts[i] !~ '^[[:digit:]]' THEN
        IF i < array_length(parts, 1) AND parts[i + 1] !~ '^[[:digit:]]' THEN
          parts := parts[1:i - 1] || (parts[i] || parts[i + 1]) || parts[i + 2:array_length(parts, 1)];
          CONTINUE;
        ELSIF i > 1 AND parts[i - 1] !~ '^[[:digit:]]' THEN
          parts := parts[1:i - 2] || (parts[i - 1] || parts[i]) || parts[i + 1:array_length(parts, 1)];
          CONTINUE;
        END IF;
      END IF;
      i := i + 1;
    END LOOP;
    IF array_length(parts, 1) > 1 THEN
      FOREACH current IN ARRAY parts LOOP
        FOR word IN SELECT w[1] FROM regexp_matches(lower(current), '([[:alpha:][:digit:]]+)', 'g') AS w LOOP
          IF char_length(word) <= 40 AND NOT word = ANY (result) THEN
            result := result || word;
          END IF;
        END LOOP;
      END LOOP;
    END IF;
  END LOOP;
  RETURN result;
END
$$;
--> statement-breakpoint
UPDATE goods
SET search_tokens = goods.search_tokens || array_to_tsvector(v.parts)
FROM (
  SELECT g.id, souk_search_subwords(g.goods_name || ' ' || g.goods_subname || ' ' || coalesce(b.name, '')) AS parts
  FROM goods g
  LEFT JOIN goods_brands b ON b.id = g.brand_id AND g.brand_id > 0 AND b.deleted_at IS NULL
) AS v
WHERE goods.id = v.id AND cardinality(v.parts) > 0;
--> statement-breakpoint
DROP FUNCTION souk_search_subwords(text);
