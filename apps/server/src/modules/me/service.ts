import { eq } from 'drizzle-orm';
import { nameFromEmail, type Profile } from '@nexa/domain';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

const profileColumns = {
  id: users.id,
  email: users.email,
  full_name: users.full_name,
  role: users.role,
  company: users.company,
  image: users.image,
};

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('Profile');
  if (row.full_name.trim()) return row;
  // A profile without a name gets one from the e-mail and keeps it.
  const full_name = nameFromEmail(row.email);
  await db.update(users).set({ full_name, updatedAt: new Date() }).where(eq(users.id, userId));
  return { ...row, full_name };
}

export async function updateProfile(db: Db, userId: string, patch: { full_name: string }): Promise<Profile> {
  const [row] = await db
    .update(users)
    .set({ full_name: patch.full_name, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  if (!row) throw notFound('Profile');
  return row;
}
