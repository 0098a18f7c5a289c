import { sql, type Kysely } from 'kysely';

/**
 * Every committed change to what authenticates a caller (a user's name or active flag, their roles, their scope
 * assignments, a session revoked or deleted) notifies the channel `principal_changed` with the user's id, or `*`
 * when a table was truncated. API processes keep the principals they authenticate in memory and drop a user's
 * entries on the notice (conventions §3: such a change applies within one second on every instance). Triggers,
 * not the code that writes, so that every writer (the API, the CLI's import, the job workers' learning-system
 * sync, a person with psql) is covered. PostgreSQL delivers a notice when its transaction commits, and folds
 * repeats of one user within a transaction into one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_principal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_LEVEL = 'STATEMENT' THEN
        PERFORM pg_notify('principal_changed', '*');
      ELSIF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('principal_changed', OLD.id::text);
      ELSE
        IF TG_OP <> 'INSERT' THEN
          PERFORM pg_notify('principal_changed', OLD.user_id::text);
        END IF;
        IF TG_OP <> 'DELETE' THEN
          PERFORM pg_notify('principal_changed', NEW.user_id::text);
        END IF;
      END IF;
      RETURN NULL;
    END
    $$;

    CREATE TRIGGER users_principal_changed
      AFTER UPDATE ON users FOR EACH ROW
      WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.full_name IS DISTINCT FROM NEW.full_name
            OR OLD.is_active IS DISTINCT FROM NEW.is_active)
      EXECUTE FUNCTION notify_principal_changed();
    CREATE TRIGGER users_principal_deleted
      AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
    CREATE TRIGGER user_roles_principal_changed
      AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
    CREATE TRIGGER scope_assignments_principal_changed
      AFTER INSERT OR UPDATE OR DELETE ON scope_assignments FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
    CREATE TRIGGER auth_sessions_principal_changed
      AFTER UPDATE ON auth_sessions FOR EACH ROW
      WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
      EXECUTE FUNCTION notify_principal_changed();
    CREATE TRIGGER auth_sessions_principal_deleted
      AFTER DELETE ON auth_sessions FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();

    CREATE TRIGGER users_principal_truncated
      AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
    CREATE TRIGGER user_roles_principal_truncated
      AFTER TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
    CREATE TRIGGER scope_assignments_principal_truncated
      AFTER TRUNCATE ON scope_assignments FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
    CREATE TRIGGER auth_sessions_principal_truncated
      AFTER TRUNCATE ON auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER auth_sessions_principal_truncated ON auth_sessions;
    DROP TRIGGER scope_assignments_principal_truncated ON scope_assignments;
    DROP TRIGGER user_roles_principal_truncated ON user_roles;
    DROP TRIGGER users_principal_truncated ON users;
    DROP TRIGGER auth_sessions_principal_deleted ON auth_sessions;
    DROP TRIGGER auth_sessions_principal_changed ON auth_sessions;
    DROP TRIGGER scope_assignments_principal_changed ON scope_assignments;
    DROP TRIGGER user_roles_principal_changed ON user_roles;
    DROP TRIGGER users_principal_deleted ON users;
    DROP TRIGGER users_principal_changed ON users;
    DROP FUNCTION notify_principal_changed();
  `.execute(db);
}
