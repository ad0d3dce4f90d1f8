import PDFDocument from 'pdfkit';
// The one module it needs, not the package's index: the thread starts faster.
import { parseTechnicalQa } from '@nexa/domain/call-analysis';

/** What the specification PDF is made of: a few fields of the deal, copied to the worker. */
export interface SpecificationSource {
  product: string | null;
  client_company_name: string | null;
  client_name: string | null;
  technical_answers: string | null;
  technical_feedback: string | null;
  /** The day printed as "Generated" (YYYY-MM-DD). */
  generated: string;
}

/** The technical specification as a PDF (runs in pdf-worker.ts: long specifications take seconds). */
export function renderSpecificationPdf(row: SpecificationSource): Promise<Buffer> {
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
    doc.text(`Generated: ${row.generated}`);
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
