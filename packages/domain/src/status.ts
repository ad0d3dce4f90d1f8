import { PIPELINE_STATUS_OF_OUTCOME, resolvePipeline, type PipelineStatus } from './pipeline-model.ts';

/**
 * The spec's two readings of a status, both views of the pipeline model (pipeline-model.ts): the
 * stored stage and outcome are what the server counts; these read the same rule for one text.
 */

/** Pipeline totals and filters: every status falls in one of three groups, its outcome. */
export function normaliseStatus(status: string | null | undefined): PipelineStatus {
  return PIPELINE_STATUS_OF_OUTCOME[resolvePipeline(status).outcome];
}

/**
 * Detail and list display: a won or lost deal reads Closed-Win / Closed-Lost whatever its
 * spelling; an open one is shown as written ('On-going' tidied), 'Unknown' when empty.
 */
export function displayStatus(status: string | null | undefined): string {
  const raw = (status ?? '').trim();
  if (!raw) return 'Unknown';
  const { outcome } = resolvePipeline(raw);
  if (outcome !== 'open') return PIPELINE_STATUS_OF_OUTCOME[outcome];
  const s = raw.toLowerCase();
  return s === 'on-going' || s === 'ongoing' ? 'On-going' : raw;
}
