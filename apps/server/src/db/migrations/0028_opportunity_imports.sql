-- A CSV import lands whole or not at all. Its rows are written a batch per transaction (one
-- transaction for a 20,000-row file held PGlite's only connection for seconds), so each import
-- keeps a record of the rows it has written: a failure removes them, and a retry with the same
-- Idempotency-Key answers the first result or, after a crash, removes what the crashed attempt
-- left and lands the file once. `attempt` tells a takeover from the attempt it replaced; `runner`
-- names the process writing it (one that knows it is no longer writing it lets a retry take over).
CREATE TABLE opportunity_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  body_hash text NOT NULL,
  state text NOT NULL DEFAULT 'running' CONSTRAINT opportunity_imports_state_check CHECK (state IN ('running', 'done', 'failed')),
  attempt integer NOT NULL DEFAULT 1,
  runner text NOT NULL,
  row_ids integer[] NOT NULL DEFAULT '{}',
  result jsonb,
  heartbeat_at timestamp with time zone NOT NULL DEFAULT now(),
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT opportunity_imports_owner_key_unique UNIQUE (owner_id, idempotency_key)
);
--> statement-breakpoint
CREATE INDEX opportunity_imports_running_idx ON opportunity_imports (owner_id, heartbeat_at) WHERE state = 'running';
