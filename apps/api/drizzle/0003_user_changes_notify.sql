-- Every change to a user's row that the api caches (plan, e-mail, name) and every deletion is
-- announced on the channel beamstage_user_changes with the user's sub, whoever made it (a Stripe
-- webhook on another instance, an administrator's SQL): each api instance drops its cached copy.
CREATE OR REPLACE FUNCTION beamstage_notify_user_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('beamstage_user_changes', OLD.sub);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_notify_change
  AFTER UPDATE OF plan_id, email, name, sub OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION beamstage_notify_user_change();
