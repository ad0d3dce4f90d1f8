/** What other modules (the ingest API) use: queue an analysis, write one. */
export {
  enqueueTranscriptAnalysis,
  TRANSCRIPT_ANALYSIS,
  type AnalysisTarget,
  type EnqueueTranscriptAnalysisInput,
  type NewOpportunityTarget,
} from './enqueue.ts';
export { applyCallAnalysis, opportunityFieldsOf, OpportunityGoneError, type ApplyCallAnalysisInput } from './apply.ts';
export { callAnalysisRoutes } from './routes.ts';
export { transcriptAnalysisHandler } from './handler.ts';
export { readingRefused } from './transcript-file.ts';
export { callReferenceDate, ownerTimeZone } from './call-date.ts';
