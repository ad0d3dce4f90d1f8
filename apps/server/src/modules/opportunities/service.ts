import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import {
  attachmentUrl,
  makeSampleRows,
  parseTechnicalQa,
  seededRandom,
  specificationFileName,
  specificationText,
  technicalTabText,
  validateImportRows,
  winRatePercent,
  withStage,
  type ImportResult,
  type ImportRow,
  type Opportunity,
  type OpportunityDetail,
} from '@nexa/domain';
import type { Actor } from '../../auth/access.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { opportunities as o } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { iso } from '../../db/iso.ts';
import { insertRecorded } from './changes.ts';
import { closedDealsOf, visibleOpportunity, visibleOpportunityWithRate } from './queries.ts';

type Row = typeof o.$inferSelect;

export function toWire(row: Row): Opportunity {
  return {
    ...row,
    pipeline_status: row.pipeline_status as Opportunity['pipeline_status'],
    next_meeting_date: iso(row.next_meeting_date),
    record_date: iso(row.record_date)!,
    created_at: iso(row.created_at)!,
  };
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

function renderPdf(row: Row): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${row.product ?? 'Technical'} specification` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc
      .fontSize(20)
      .font('Helvetica-Bold')
      .text(`${row.product?.trim() || 'Technical'} — Technical Specification`);
    doc.moveDown(0.5).fontSize(11).font('Helvetica').fillColor('#475569');
    doc.text(`Client: ${row.client_company_name ?? 'N/A'}   ·   Contact: ${row.client_name ?? 'N/A'}`);
    doc.text(`Generated: ${new Date().toISOString().slice(0, 10)}`);
    doc.moveDown().fillColor('#0f172a');
    const pairs = parseTechnicalQa(row.technical_answers);
    if (pairs.length) {
      pairs.forEach((pair, i) => {
        doc
          .font('Helvetica-Bold')
          .fontSize(12)
          .text(`${i + 1}. ${pair.question}`);
        doc.font('Helvetica').fontSize(11).text(pair.response, { indent: 14 });
        doc.moveDown(0.6);
      });
    } else {
      doc
        .font('Helvetica')
        .fontSize(11)
        .text(row.technical_answers ?? '');
    }
    if (row.technical_feedback?.trim()) {
      doc.moveDown().font('Helvetica-Bold').fontSize(13).text('Feedback');
      doc.font('Helvetica').fontSize(11).text(row.technical_feedback.trim());
    }
    doc.end();
  });
}

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
    body: await renderPdf(row),
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

/**
 * Rows validated and inserted per step of an import. Between steps the import yields to the event
 * loop, and each step commits on its own: one transaction for the whole file held PGlite's only
 * connection (and on PostgreSQL a snapshot and the summaries' row locks) until the last row, so a
 * 20,000-row file stalled every other user for seconds. A failure part-way keeps the steps before it.
 */
const IMPORT_BATCH = 1_000;
const MAX_REPORTED_ERRORS = 1_000;

function toInsert(row: ImportRow, actor: Actor, now: Date): typeof o.$inferInsert {
  return withStage({
    ...row,
    next_meeting_date: row.next_meeting_date ? new Date(row.next_meeting_date) : null,
    account_manager: row.account_manager ?? (actor.fullName || actor.email),
    owner_id: actor.userId,
    owner_match: 'manual',
    record_date: now,
  });
}

/** Valid rows land batch by batch (see IMPORT_BATCH); invalid rows are reported, never half-written. */
export async function importRows(
  db: Db,
  actor: Actor,
  rows: ReadonlyArray<Record<string, string>>,
): Promise<ImportResult & { errorCount: number }> {
  for (const column of ['client_company_name', 'product', 'amount'] as const) {
    if (!rows.some((row) => column in row)) {
      throw new AppError('bad_request', `The file has no ${column} column`, column);
    }
  }
  const now = new Date();
  const errors: ImportResult['errors'] = [];
  let inserted = 0;
  let errorCount = 0;
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    if (start) await yieldToEventLoop();
    const batch = validateImportRows(rows.slice(start, start + IMPORT_BATCH), start);
    errorCount += batch.errors.length;
    errors.push(...batch.errors.slice(0, MAX_REPORTED_ERRORS - errors.length));
    if (!batch.valid.length) continue;
    const valid = batch.valid.map((row) => toInsert(row, actor, now));
    await db.transaction((tx) => insertRecorded(tx, valid, { source: 'import', actorId: actor.userId }));
    inserted += batch.valid.length;
  }
  return { inserted, errors, errorCount };
}
