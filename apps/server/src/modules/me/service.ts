import { and, desc, eq, ne } from 'drizzle-orm';
import { nameFromEmail, type ActiveSession, type Profile, type ProfileUpdate } from '@nexa/domain';
import type { Db } from '../../db/client.ts';
import { iso } from '../../db/iso.ts';
import { sessions, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

const profileColumns = {
  id: users.id,
  email: users.email,
  full_name: users.full_name,
  role: users.role,
  company: users.company,
  image: users.image,
  language: users.language,
  time_zone: users.time_zone,
  previous_sign_in_at: users.previous_sign_in_at,
  forecast_call_reminder_email: users.forecast_call_reminder_email,
};

type ProfileRow = Omit<Profile, 'language' | 'previous_sign_in_at'> & {
  language: string | null;
  previous_sign_in_at: Date | null;
};

// The column is free text for the database; only the product's languages reach the wire.
const toProfile = (row: ProfileRow): Profile => ({
  ...row,
  language: row.language === 'en' || row.language === 'fr' ? row.language : null,
  previous_sign_in_at: iso(row.previous_sign_in_at),
});

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('Profile');
  if (row.full_name.trim()) return toProfile(row);
  // A profile without a name gets one from the e-mail and keeps it.
  const full_name = nameFromEmail(row.email);
  await db.update(users).set({ full_name, updatedAt: new Date() }).where(eq(users.id, userId));
  return toProfile({ ...row, full_name });
}

export async function updateProfile(db: Db, userId: string, patch: ProfileUpdate): Promise<Profile> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  if (!row) throw notFound('Profile');
  return toProfile(row);
}

/** The person's live sessions, the current one first. */
export async function listSessions(db: Db, userId: string, currentSessionId: string | null): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      user_agent: sessions.userAgent,
      ip_address: sessions.ipAddress,
      updatedAt: sessions.updatedAt,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.updatedAt));
  const now = Date.now();
  return rows
    .filter((row) => row.expiresAt.getTime() > now)
    .map((row) => ({
      id: row.id,
      user_agent: row.user_agent,
      ip_address: row.ip_address,
      last_active_at: row.updatedAt.toISOString(),
      created_at: row.createdAt.toISOString(),
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends every session of the person but the one making the request. */
export async function revokeOtherSessions(db: Db, userId: string, currentSessionId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
