import {
  attachmentUrl,
  fieldsOfKind,
  makeSampleRows,
  seededRandom,
  specificationFileName,
  specificationText,
  technicalTabText,
  winRatePercent,
  withStage,
  type Opportunity,
  type OpportunityDetail,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { opportunities as o } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { iso } from '../../db/iso.ts';
import { specificationPdf } from '../../workers/pdf.ts';
import { insertRecorded } from './changes.ts';
import { closedDealsOf, visibleOpportunity, visibleOpportunityWithRate } from './queries.ts';

type Row = typeof o.$inferSelect;

/** The fields that are instants: Dates in a row, ISO 8601 text on the wire. */
const INSTANTS = fieldsOfKind('datetime');

export function toWire(row: Row): Opportunity {
  const wire: Record<string, unknown> = { ...row };
  for (const field of INSTANTS) wire[field] = iso(wire[field] as Date | null);
  return wire as Opportunity;
}

/** The detail (GET and PATCH answer it): the row, what editing it needs, and the owner's win rate. */
export async function detailOf(db: DbOrTx, row: Row): Promise<OpportunityDetail> {
  return detailWith(row, row.owner_id ? await closedDealsOf(db, row.owner_id) : undefined);
}

/** The detail from a row and its owner's closed deals read with it (undefined: none closed yet). */
export function detailWith(row: Row, rate: { won: number; lost: number } | undefined): OpportunityDetail {
  return {
    ...toWire(row),
    version: row.version,
    notes: row.notes,
    close_reason: row.close_reason,
    stage_changed_at: iso(row.stage_changed_at)!,
    last_activity_at: iso(row.last_activity_at)!,
    field_sources: row.field_sources as OpportunityDetail['field_sources'],
    owner_win_rate: rate ? winRatePercent(rate.won, rate.lost) : null,
  };
}

/** 404 for a row that does not exist and for one the actor may not see: the answer is the same. */
async function findVisible(db: Db, actor: Actor, id: number): Promise<Row> {
  const row = await visibleOpportunity(db, actor, id);
  if (!row) throw notFound('Opportunity');
  return row;
}

export async function getOpportunity(db: Db, actor: Actor, id: number): Promise<OpportunityDetail> {
  const found = await visibleOpportunityWithRate(db, actor, id);
  if (!found) throw notFound('Opportunity');
  return detailWith(found.row, found.rate);
}

export type SpecificationFormat = 'pdf' | 'txt' | 'technical' | 'attachment';

export type Download =
  | { kind: 'file'; fileName: string; contentType: string; body: Buffer | string }
  | { kind: 'redirect'; url: string; fileName: string };

export async function getSpecification(db: Db, actor: Actor, id: number, format: SpecificationFormat): Promise<Download> {
  const row = await findVisible(db, actor, id);
  if (format === 'attachment') {
    const url = attachmentUrl(row.technical_attached_file);
    if (!url) throw new AppError('not_found', 'There is no specification file attached to this opportunity');
    return { kind: 'redirect', url, fileName: specificationFileName(row.product, 'attachment') };
  }
  if (format === 'technical') {
    return {
      kind: 'file',
      fileName: 'technical-specifications.txt',
      contentType: 'text/plain; charset=utf-8',
      body: technicalTabText(row),
    };
  }
  if (!row.technical_answers?.trim()) {
    throw new AppError('not_found', 'This opportunity has no technical description to build a specification from');
  }
  if (format === 'txt') {
    return {
      kind: 'file',
      fileName: specificationFileName(row.product, 'txt'),
      contentType: 'text/plain; charset=utf-8',
      body: specificationText(row)!,
    };
  }
  return {
    kind: 'file',
    fileName: specificationFileName(row.product, 'pdf'),
    contentType: 'application/pdf',
    // In a worker thread: a long specification takes seconds to lay out (workers/pdf.ts).
    body: await specificationPdf({
      product: row.product,
      client_company_name: row.client_company_name,
      client_name: row.client_name,
      technical_answers: row.technical_answers,
      technical_feedback: row.technical_feedback,
      generated: new Date().toISOString().slice(0, 10),
    }),
  };
}

/** The sample data: 10 rows owned by the representative who asked. */
export async function createSampleRows(db: Db, actor: Actor, now = new Date()): Promise<{ inserted: number }> {
  const random = seededRandom(now.getTime() % 2_147_483_647);
  const rows = makeSampleRows(random, actor.fullName || actor.email, now).map((row) =>
    withStage({ ...row, owner_id: actor.userId, owner_match: 'manual' as const, record_date: now }),
  );
  await db.transaction((tx) => insertRecorded(tx, rows, { source: 'import', actorId: actor.userId }));
  return { inserted: rows.length };
}
