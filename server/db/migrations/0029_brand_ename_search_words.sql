-- Keyword search: a brand's English name is one of its goods' search texts (server/modules/catalogue/
-- search.ts), so "nova" finds the goods of 星耀 (Nova) in either language. New and edited goods and
-- brands get it from the server; this adds the English name's words, in lower case and at most 40
-- characters as the server keeps them, to the goods written before. Camel-case parts ("air" of
-- "AirBuds") come when the goods or its brand is next edited.
UPDATE goods AS g
SET search_tokens = g.search_tokens || array_to_tsvector(w.words)
FROM (
  SELECT b.id, array_agg(DISTINCT m[1]) AS words
  FROM goods_brands AS b, regexp_matches(lower(normalize(b.ename, NFKC)), '([[:alpha:][:digit:]]+)', 'g') AS m
  WHERE b.ename <> '' AND b.deleted_at IS NULL AND char_length(m[1]) <= 40
  GROUP BY b.id
) AS w
WHERE g.brand_id = w.id AND g.search_tokens IS NOT NULL;
