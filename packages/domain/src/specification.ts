import { parseTechnicalQa } from './call-analysis.ts';

/** What the specification downloads need to know of an opportunity. */
export interface SpecificationSource {
  product: string | null;
  client_company_name: string | null;
  technical_answers: string | null;
  technical_feedback: string | null;
  technical_attached_file: string | null;
}

const safeName = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[^\w .-]+/g, '')
    .trim()
    .replace(/\s+/g, '-') || 'Technical';

/** The file's name is '{product or Technical}-specification.{ext}'; the attached file keeps 'Technical-specification.pdf'. */
export function specificationFileName(product: string | null, format: 'pdf' | 'txt' | 'attachment'): string {
  if (format === 'attachment') return 'Technical-specification.pdf';
  return `${safeName(product?.trim() || 'Technical')}-specification.${format}`;
}

export const TECHNICAL_TAB_FILE_NAME = 'technical-specifications.txt';

/** The text file built from technical_answers, null when there is nothing to write. */
export function specificationText(source: SpecificationSource): string | null {
  const answers = source.technical_answers?.trim();
  if (!answers) return null;
  const title = `${source.product?.trim() || 'Technical'} — Technical Specification`;
  const lines = [title, '='.repeat(title.length)];
  if (source.client_company_name) lines.push(`Client: ${source.client_company_name}`);
  lines.push('', answers.replace(/\r\n?/g, '\n'));
  if (source.technical_feedback?.trim()) lines.push('', 'Feedback', '--------', source.technical_feedback.trim());
  return `${lines.join('\n')}\n`;
}

/** The Technical tab's file: a heading, the first question and response, and the feedback. */
export function technicalTabText(source: SpecificationSource): string {
  const [first] = parseTechnicalQa(source.technical_answers);
  const lines = ['Technical Specifications', '========================', ''];
  lines.push(`Question: ${first?.question ?? 'N/A'}`, `Response: ${first?.response ?? 'N/A'}`, '');
  lines.push('Feedback:', source.technical_feedback?.trim() || 'N/A');
  return `${lines.join('\n')}\n`;
}

/** Only web addresses are offered as attached files (never file:, javascript:, data:). */
export function attachmentUrl(value: string | null | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url) ? url : null;
}
