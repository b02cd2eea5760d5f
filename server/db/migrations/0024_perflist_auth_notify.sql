-- Every instance keeps its caller checks (session, account, role grant) until a write to these
-- tables: the triggers tell every LISTENing instance on commit (server/db/authMark.ts).
CREATE OR REPLACE FUNCTION souk_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('souk_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER souk_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION souk_auth_changed();
--> statement-breakpoint
CREATE TRIGGER souk_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON admins FOR EACH STATEMENT EXECUTE FUNCTION souk_auth_changed();
--> statement-breakpoint
CREATE TRIGGER souk_auth_changed AFTER UPDATE OF status, deleted_at OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION souk_auth_changed();
--> statement-breakpoint
CREATE TRIGGER souk_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_roles FOR EACH STATEMENT EXECUTE FUNCTION souk_auth_changed();
--> statement-breakpoint
CREATE TRIGGER souk_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_to_roles FOR EACH STATEMENT EXECUTE FUNCTION souk_auth_changed();
--> statement-breakpoint
CREATE TRIGGER souk_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_to_permissions FOR EACH STATEMENT EXECUTE FUNCTION souk_auth_changed();
--> statement-breakpoint
CREATE TRIGGER souk_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_permissions FOR EACH STATEMENT EXECUTE FUNCTION souk_auth_changed();
