import { describe, expect, it } from 'vitest';
import { demoRequestInputSchema, resumeNameAllowed, teamApplicationSchema } from './leads.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues[0] && { field: result.error.issues[0].path.join('.'), message: result.error.issues[0].message };

describe('demo request schema', () => {
  const demo = {
    request_type: 'demo',
    full_name: ' Ada Lovelace ',
    email: 'ada@example.com',
    company_name: 'Analytical',
    selected_date: '2026-01-14T15:00:00.000Z',
  };
  it('accepts a demo booking, trims and nulls empty notes', () => {
    const parsed = demoRequestInputSchema.parse({ ...demo, notes: '  ' });
    expect(parsed).toMatchObject({ full_name: 'Ada Lovelace', notes: null });
  });
  it('names the field and the catalogue key of each error', () => {
    expect(firstMessage(demoRequestInputSchema.safeParse({ ...demo, email: 'ada@example' }))).toEqual({
      field: 'email',
      message: 'invalid_email',
    });
    expect(firstMessage(demoRequestInputSchema.safeParse({ ...demo, full_name: '' }))).toEqual({
      field: 'full_name',
      message: 'required',
    });
    // A line break in a name would end the subject header of the team's mail early.
    expect(firstMessage(demoRequestInputSchema.safeParse({ ...demo, full_name: 'Ada\r\nBcc: x@evil.test' }))).toEqual({
      field: 'full_name',
      message: 'invalid_characters',
    });
    expect(firstMessage(demoRequestInputSchema.safeParse({ ...demo, company_name: 'Acme\tInc' }))).toEqual({
      field: 'company_name',
      message: 'invalid_characters',
    });
    expect(firstMessage(demoRequestInputSchema.safeParse({ ...demo, selected_date: '' }))).toEqual({
      field: 'selected_date',
      message: 'date_required',
    });
  });
  it('accepts early access with a known role only', () => {
    const early = { request_type: 'early_access', full_name: 'A', email: 'a@b.co', company_name: 'C', role: 'Sales Manager' };
    expect(demoRequestInputSchema.safeParse(early).success).toBe(true);
    expect(firstMessage(demoRequestInputSchema.safeParse({ ...early, role: 'Admin' }))).toEqual({
      field: 'role',
      message: 'invalid_role',
    });
  });
});

describe('team application schema', () => {
  it('requires name and e-mail; optional fields empty become null', () => {
    expect(teamApplicationSchema.parse({ full_name: 'A', email: 'a@b.co', github_link: '', phone_number: '' })).toMatchObject({
      github_link: null,
      phone_number: null,
      linkedin_link: null,
    });
    expect(firstMessage(teamApplicationSchema.safeParse({ email: 'a@b.co' }))).toEqual({
      field: 'full_name',
      message: 'required',
    });
  });
  it('refuses links that are not web URLs', () => {
    for (const bad of ['github.com/ada', 'javascript:alert(1)', 'ftp://x.org/a', 'https://localhost']) {
      expect(firstMessage(teamApplicationSchema.safeParse({ full_name: 'A', email: 'a@b.co', github_link: bad }))).toEqual({
        field: 'github_link',
        message: 'invalid_url',
      });
    }
  });
  it('checks resume names by extension', () => {
    expect(resumeNameAllowed('cv.PDF')).toBe(true);
    expect(resumeNameAllowed('cv.docx')).toBe(true);
    expect(resumeNameAllowed('cv.exe')).toBe(false);
  });
});
