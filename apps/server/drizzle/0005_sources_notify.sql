-- Every change to a source is announced on the channel quire_sources, so each server instance can push
-- it to the owner's live connections (several instances share one database).
CREATE OR REPLACE FUNCTION notify_source_change() RETURNS trigger AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_data := OLD;
  ELSE
    row_data := NEW;
  END IF;
  PERFORM pg_notify(
    'quire_sources',
    json_build_object('id', row_data.id, 'user_id', row_data.user_id, 'op', TG_OP)::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sources_notify AFTER INSERT OR UPDATE OR DELETE ON sources
  FOR EACH ROW EXECUTE FUNCTION notify_source_change();
