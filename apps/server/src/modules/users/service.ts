import { eq } from 'drizzle-orm';
import type { Role } from '@nexa/domain';
import type { Auth } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export interface NewUser {
  email: string;
  password: string;
  fullName: string;
  role: Role;
  company?: string | null;
}

/** Creates an account through the auth library (so the password is hashed its way), then sets the role. */
export async function createUserAccount(auth: Auth, db: Db, input: NewUser): Promise<string> {
  const result = await auth.api.signUpEmail({
    body: { email: input.email.toLowerCase(), password: input.password, name: input.fullName },
  });
  const id = result.user.id;
  await db
    .update(users)
    .set({ role: input.role, company: input.company ?? null, updatedAt: new Date() })
    .where(eq(users.id, id));
  return id;
}
