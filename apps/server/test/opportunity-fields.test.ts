import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, fieldsWith, OPPORTUNITY_FIELDS, type FieldDeclaration, type OpportunityFieldKey } from '@nexa/domain';
import { HttpClient, startTestServer, type TestServer } from './test-app.ts';

/**
 * Every field declared in packages/domain/src/opportunity-fields.ts takes part where its
 * declaration says, over HTTP: a person sets it (and the history records it), the list and the
 * export carry it, an import and an integration write it, and a value its kind refuses is a 400
 * naming it. A field added to the declaration is tested here with no line of its own.
 */

const fieldOf = (key: OpportunityFieldKey): FieldDeclaration => OPPORTUNITY_FIELDS[key];

/** A value of each kind that no new deal holds, as the wire carries it. */
function sample(key: OpportunityFieldKey): unknown {
  const field = fieldOf(key);
  switch (field.kind) {
    case 'money':
      return 4321.5;
    case 'date':
      return '2031-02-03';
    case 'datetime':
      return '2031-02-03T10:30:00.000Z';
    case 'choice':
      return field.options!.find((option) => option !== field.initial);
    case 'currency':
      return 'EUR';
    default:
      return `${key} sample`.slice(0, field.max);
  }
}

/** The same value as a CSV cell holds it (amounts with separators, codes and options in any case). */
function cell(key: OpportunityFieldKey): string {
  const field = fieldOf(key);
  if (field.kind === 'money') return '4,321.50';
  if (field.kind === 'datetime') return '2031-02-03T10:30:00Z';
  if (field.kind === 'currency' || field.kind === 'choice') return String(sample(key)).toLowerCase();
  return String(sample(key));
}

/** A value the field's kind refuses. */
function refused(key: OpportunityFieldKey): unknown {
  const field = fieldOf(key);
  switch (field.kind) {
    case 'money':
      return -1;
    case 'date':
      return '2031-02-30';
    case 'datetime':
      return 'tomorrow';
    case 'choice':
      return 'Not one of them';
    // A code nobody uses: a cell in lower case is read (a spreadsheet's 'eur' is EUR).
    case 'currency':
      return 'XYZ';
    default:
      return 'x'.repeat(field.max! + 1);
  }
}

/** A value as an export cell writes it. */
const exported = (value: unknown) => (value === null ? '' : String(value));

// The owner names a representative: its rules (who may set it, to whom) are access-ownership's.
const EDITED = fieldsWith('editable').filter((key) => fieldOf(key).kind !== 'owner');

describe('the declared fields of an opportunity', () => {
  let server: TestServer;
  let rep: HttpClient;
  let manager: HttpClient;
  let integration: HttpClient;
  let deal: Record<string, unknown>;

  beforeAll(async () => {
    server = await startTestServer({ INGEST_RATE_LIMIT_MAX: '1000' });
    const [r, m] = await Promise.all([
      server.createUser({ role: 'Sales Representative', fullName: 'Fiona Fields' }),
      server.createUser({ role: 'Sales Manager' }),
    ]);
    [rep, manager] = await Promise.all([server.signIn(r.email, r.password), server.signIn(m.email, m.password)]);
    const key = (await manager.post('/api/api-keys', { name: 'Fields bot' })).body as { key: string };
    integration = new HttpClient(server.url, '', { authorization: `Bearer ${key.key}`, origin: '' });
  });
  afterAll(() => server?.close());

  it('gives a new deal each field’s initial value', async () => {
    const res = await rep.post('/api/opportunities', { product: 'Fields', client_company_name: 'Declared Ltd' });
    expect(res.status, res.text).toBe(201);
    deal = res.body;
    for (const key of Object.keys(OPPORTUNITY_FIELDS) as OpportunityFieldKey[]) {
      const { initial } = fieldOf(key);
      if (initial !== undefined) expect(deal[key], key).toBe(initial);
    }
  });

  it.each(EDITED)('%s: a person sets it, and the history records the change', async (key) => {
    const value = sample(key);
    const res = await rep.patch(`/api/opportunities/${deal.id}`, { version: deal.version, [key]: value });
    expect(res.status, res.text).toBe(200);
    expect(res.body[key]).toEqual(value);
    expect(res.body.field_sources[key]).toBe('person');
    const history = await rep.get(`/api/opportunities/${deal.id}/history?pageSize=100`);
    expect(history.body.items).toContainEqual(expect.objectContaining({ field: key, after: value, source: 'person' }));
    deal = res.body;
  });

  it.each(EDITED)('%s: a value its kind refuses is a 400 naming it', async (key) => {
    const res = await rep.patch(`/api/opportunities/${deal.id}`, { version: deal.version, [key]: refused(key) });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.field).toBe(key);
  });

  it('the list’s rows carry the listed fields as the detail does', async () => {
    const list = await rep.get('/api/opportunities?sort=-id&pageSize=1');
    const [row] = list.body.items as Array<Record<string, unknown>>;
    expect(row!.id).toBe(deal.id);
    expect(Object.keys(row!).sort()).toEqual([...fieldsWith('listed')].sort());
    for (const key of fieldsWith('listed')) expect(row![key], key).toEqual(deal[key]);
  });

  it('the export holds the exported fields in their columns', async () => {
    const res = await rep.get('/api/opportunities/export.csv?sort=-id');
    const csv = Papa.parse<Record<string, string>>(res.text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(csv.meta.fields).toEqual(EXPORT_COLUMNS.map((column) => column.header));
    const row = csv.data.find((line) => Number(line.id) === deal.id)!;
    for (const { field, header } of EXPORT_COLUMNS) {
      if (fieldOf(field).kind === 'owner') expect(row[header]).toBe('Fiona Fields');
      else expect(row[header], field).toBe(exported(deal[field]));
    }
  });

  it('an import writes every imported field, read from its cell', async () => {
    const row = Object.fromEntries(fieldsWith('imported').map((key) => [key, cell(key)]));
    const res = await rep.post('/api/opportunities/import', { rows: [row] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ inserted: 1, errors: [] });
    const [imported] = (await rep.get('/api/opportunities?sort=-id&pageSize=1')).body.items as Array<{ id: number }>;
    const detail = (await rep.get(`/api/opportunities/${imported!.id}`)).body;
    for (const key of fieldsWith('imported')) expect(detail[key], key).toEqual(sample(key));
  });

  it.each(fieldsWith('imported'))('%s: a cell its kind refuses is reported with its row', async (key) => {
    const row = Object.fromEntries(fieldsWith('imported').map((name) => [name, cell(name)]));
    const res = await rep.post('/api/opportunities/import', { rows: [{ ...row, [key]: String(refused(key)) }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ inserted: 0, errors: [{ row: 2, field: key }] });
  });

  it('an integration writes every ingested field', async () => {
    const body = { external_id: 'fields-1', ...Object.fromEntries(fieldsWith('ingested').map((key) => [key, sample(key)])) };
    const res = await integration.post('/api/v1/call-insights', body);
    expect(res.status, res.text).toBe(201);
    const detail = (await manager.get(`/api/opportunities/${res.body.opportunityId}`)).body;
    for (const key of fieldsWith('ingested')) expect(detail[key], key).toEqual(sample(key));
  });

  it.each(fieldsWith('ingested'))('%s: a value its kind refuses is a 400 naming it', async (key) => {
    const body = { external_id: 'fields-2', ...Object.fromEntries(fieldsWith('ingested').map((name) => [name, sample(name)])) };
    const res = await integration.post('/api/v1/call-insights', { ...body, [key]: refused(key) });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.field).toBe(key);
  });
});
