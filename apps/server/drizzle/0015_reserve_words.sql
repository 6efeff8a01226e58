-- The reservation of a run's words, in one place for both its callers: reserveWords (generation.quota.ts)
-- calls it alone, start_generation after a start's limits. It locks the user's row, reserves up to
-- p_estimate words (as many as are left) and queues the hold that gives them back if the run never settles
-- them; no row when no words are left.
CREATE OR REPLACE FUNCTION reserve_words(
  p_user_id uuid,
  p_plan_limit integer,
  p_estimate integer,
  p_hold_seconds integer
) RETURNS TABLE (reserved integer, hold_id uuid) AS $$
DECLARE
  account record;
  taken integer;
  hold uuid;
BEGIN
  SELECT words_used, words_extra INTO account FROM users WHERE id = p_user_id FOR UPDATE;
  IF NOT FOUND OR account.words_used >= p_plan_limit + account.words_extra THEN
    RETURN;
  END IF;
  taken := least(p_estimate, p_plan_limit + account.words_extra - account.words_used);
  UPDATE users SET words_used = words_used + taken WHERE id = p_user_id;
  INSERT INTO jobs (kind, payload, run_after)
    VALUES ('generation.release-words', jsonb_build_object('userId', p_user_id, 'words', taken),
      now() + make_interval(secs => p_hold_seconds))
    RETURNING id INTO hold;
  RETURN QUERY SELECT taken, hold;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- start_generation (migration 0014) reserves through reserve_words instead of a copy of it.
CREATE OR REPLACE FUNCTION start_generation(
  p_user_id uuid,
  p_starts_per_minute integer,
  p_running integer,
  p_plan_limit integer,
  p_estimate integer,
  p_hold_seconds integer
) RETURNS TABLE (refusal text, retry_after_seconds integer, reserved integer, hold_id uuid) AS $$
DECLARE
  rate_window record;
  window_over boolean;
  starts integer;
  under_way integer;
  taken integer;
  hold uuid;
BEGIN
  -- Parallel starts of one user take turns from here; each later statement sees what the earlier ones did.
  PERFORM 1 FROM users WHERE id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'word_limit_reached', 0, 0, NULL::uuid;
    RETURN;
  END IF;

  SELECT count, started_at INTO rate_window FROM user_rate_windows
    WHERE user_id = p_user_id AND action = 'generation';
  window_over := NOT FOUND OR rate_window.started_at <= now() - interval '60 seconds';
  starts := CASE WHEN window_over THEN 1 ELSE rate_window.count + 1 END;
  IF starts > p_starts_per_minute THEN
    RETURN QUERY SELECT 'rate_limited',
      greatest(1, ceil(extract(epoch FROM rate_window.started_at + interval '60 seconds' - now())))::integer,
      0, NULL::uuid;
    RETURN;
  END IF;

  -- Written out, not a parameter, so that the partial index jobs_word_holds_idx serves the count.
  SELECT count(*)::integer INTO under_way FROM jobs
    WHERE kind = 'generation.release-words' AND state = 'queued' AND payload->>'userId' = p_user_id::text;
  IF under_way >= p_running THEN
    RETURN QUERY SELECT 'running', 0, 0, NULL::uuid;
    RETURN;
  END IF;

  SELECT words.reserved, words.hold_id INTO taken, hold
    FROM reserve_words(p_user_id, p_plan_limit, p_estimate, p_hold_seconds) AS words;
  IF hold IS NULL THEN
    RETURN QUERY SELECT 'word_limit_reached', 0, 0, NULL::uuid;
    RETURN;
  END IF;

  INSERT INTO user_rate_windows (user_id, action, count, started_at)
    VALUES (p_user_id, 'generation', 1, now())
    ON CONFLICT (user_id, action) DO UPDATE
      SET count = starts,
        started_at = CASE WHEN window_over THEN now() ELSE user_rate_windows.started_at END;

  RETURN QUERY SELECT NULL::text, 0, taken, hold;
END;
$$ LANGUAGE plpgsql;
