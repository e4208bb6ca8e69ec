-- The phone a back office search compares digits with (docs/decisions/0104): its digits, and a
-- French number (+33…) in its national form ("+33612345678" gives "0612345678"). Stored numbers
-- are E.164 (decision 0081). The bookings' and users' phones get a btree index on this key and one
-- on its reverse (migration 0028), so a number is found by its start or its end with a prefix
-- lookup, where the trigram index read long lists for a number made of common digits.
CREATE FUNCTION "phone_key"(phone text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN phone LIKE '+33%' THEN '0' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 3)
    ELSE regexp_replace(phone, '[^0-9]', '', 'g') END
$$;
