-- Applied first, every time the folder is applied: removes every trigger on the application's tables
-- and every function of its own (not an extension's), so that what the database runs on a write is
-- exactly what the other files of this folder define, whatever an earlier version of the folder or a
-- numbered migration (0003–0027, before this folder existed) installed. The foreign keys' triggers
-- are internal and stay. A function something else depends on (an index, a view, a default) stops
-- the step here, which is the point: no such dependency is expected.
DO $clear$
DECLARE
  t record;
  f record;
BEGIN
  FOR t IN
    SELECT tr.tgname, tr.tgrelid::regclass AS relation
    FROM pg_trigger tr JOIN pg_class c ON c.oid = tr.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT tr.tgisinternal
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', t.tgname, t.relation);
  END LOOP;
  FOR f IN
    SELECT p.oid::regprocedure AS signature
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP FUNCTION %s', f.signature);
  END LOOP;
END
$clear$;
