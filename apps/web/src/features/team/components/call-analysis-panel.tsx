import { CallAnalysisSection } from '../../../components/call-analysis/call-analysis-section.tsx';
import { useCallAnalyses } from '../api/get-call-analyses.ts';

/** The representative's call analysis of this opportunity, as the manager audits it (read-only). */
export function CallAnalysisPanel({ repId, oppId, headingLevel }: { repId: string; oppId: number; headingLevel?: 2 | 3 }) {
  const query = useCallAnalyses(repId, oppId);
  return <CallAnalysisSection query={query} headingLevel={headingLevel} />;
}
