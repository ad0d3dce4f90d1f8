-- When a person last signed in, and the sign-in before it: the workspace greets a first sign-in
-- with "Welcome" and a returning person with "Welcome back", from this stored fact rather than a
-- guess (issue 33). Sessions cannot tell: signing out deletes them. Everyone who has a session
-- today has signed in before, so their latest session's start is their last sign-in.
ALTER TABLE users ADD COLUMN last_sign_in_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN previous_sign_in_at timestamp with time zone;
--> statement-breakpoint
UPDATE users u SET last_sign_in_at = s.latest
FROM (SELECT user_id, max(created_at) AS latest FROM sessions GROUP BY user_id) s
WHERE s.user_id = u.id;
