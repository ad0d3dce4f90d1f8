import { describe, expect, it } from 'vitest';
import { attachmentUrl, specificationFileName, specificationText, technicalTabText } from './specification.ts';

const base = {
  product: 'CRM Platform',
  client_company_name: 'Acme',
  technical_answers:
    '**Question:** Do you support SSO?\n**Response:** Yes, SAML and OIDC.\n\nQuestion: Where is data hosted?\nResponse: EU.',
  technical_feedback: 'Good call.',
  technical_attached_file: null,
};

describe('specificationFileName', () => {
  it.each([
    ['CRM Platform', 'txt', 'CRM-Platform-specification.txt'],
    ['CRM Platform', 'pdf', 'CRM-Platform-specification.pdf'],
    [null, 'txt', 'Technical-specification.txt'],
    ['  ', 'pdf', 'Technical-specification.pdf'],
    ['../../etc/passwd', 'txt', '....etcpasswd-specification.txt'],
    ['Anything', 'attachment', 'Technical-specification.pdf'],
  ] as const)('%j %s → %s', (product, format, expected) => expect(specificationFileName(product, format)).toBe(expected));
});

describe('specification texts', () => {
  it('builds the text file from the answers, null when there are none', () => {
    expect(specificationText(base)).toContain('Do you support SSO?');
    expect(specificationText(base)).toContain('Good call.');
    expect(specificationText({ ...base, technical_answers: '  ' })).toBeNull();
  });
  it('the technical tab file holds the first Q&A only, bold markers stripped', () => {
    const text = technicalTabText(base);
    expect(text).toContain('Question: Do you support SSO?');
    expect(text).toContain('Response: Yes, SAML and OIDC.');
    expect(text).not.toContain('Where is data hosted');
    expect(text).not.toContain('**');
  });
  it('says N/A when nothing parses', () => {
    expect(technicalTabText({ ...base, technical_answers: null, technical_feedback: null })).toContain('Question: N/A');
  });
});

describe('attachmentUrl', () => {
  it.each([
    ['https://files.example/spec.pdf', 'https://files.example/spec.pdf'],
    ['javascript:alert(1)', null],
    ['file:///etc/passwd', null],
    ['not a url', null],
    ['', null],
    [null, null],
  ])('%j → %j', (input, expected) => expect(attachmentUrl(input)).toBe(expected));
});
