import { desc, eq } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '@nexa/domain';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

export interface AuditRecord {
  actorId: string | null;
  action: AuditAction;
  /** What the action was done to, in words a manager reads: an e-mail address. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Written in the same transaction as the change it records, so neither exists without the other. */
export async function recordAudit(tx: Db, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function listAudit(db: Db, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      actor: users.full_name,
      action: auditLog.action,
      target: auditLog.target,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.at,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, action: row.action as AuditAction, at: row.at.toISOString() }));
}
