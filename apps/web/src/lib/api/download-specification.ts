import { downloadFile } from '../download.ts';

export type SpecificationFormat = 'pdf' | 'txt' | 'technical';

export const specificationUrl = (id: number, format: SpecificationFormat | 'attachment') =>
  `/api/opportunities/${id}/specification?format=${format}`;

/** Downloads a generated specification; resolves with the file name. */
export const downloadSpecification = (id: number, format: SpecificationFormat) =>
  downloadFile(
    specificationUrl(id, format),
    format === 'technical' ? 'technical-specifications.txt' : `Technical-specification.${format}`,
  );
