-- Search of the back office lists (docs/decisions/0071). pg_trgm indexes `LIKE '%word%'`; it is a
-- trusted extension, and PGlite loads it from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Lower case without accents, the same whatever the database's locale (unaccent() is not
-- immutable, and lower() leaves É alone under the C locale): letters are mapped before lower().
CREATE FUNCTION "search_fold"(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(lower(translate(value,
    'àáâãäåāăąÀÁÂÃÄÅĀĂĄçćčÇĆČďĎèéêëēėęěÈÉÊËĒĖĘĚìíîïīįÌÍÎÏĪĮłľŁĽñńňÑŃŇòóôõöøōőÒÓÔÕÖØŌŐŕřŔŘśšşŚŠŞťţŤŢùúûüūůűųÙÚÛÜŪŮŰŲýÿÝŸźżžŹŻŽ',
    'aaaaaaaaaaaaaaaaaaccccccddeeeeeeeeeeeeeeeeiiiiiiiiiiiillllnnnnnnoooooooooooooooorrrrssssssttttuuuuuuuuuuuuuuuuyyyyzzzzzz')),
    'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss')
$$;
--> statement-breakpoint
-- The text a search looks in: folded name and e-mail, then the phone's digits, and for a French
-- number its national form too (+33612345678 gives "33612345678 0612345678"), so that a number
-- typed either way, with any spaces, dots or dashes, is found.
CREATE FUNCTION "search_document"(full_name text, email text, phone text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_fold(coalesce(full_name, '')) || ' ' || search_fold(coalesce(email, '')) || ' '
    || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')
    || CASE WHEN phone LIKE '+33%' THEN ' 0' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 3) ELSE '' END
$$;
