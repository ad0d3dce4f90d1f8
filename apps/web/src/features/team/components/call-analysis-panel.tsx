import { CallAnalysisSection } from '../../../components/call-analysis/call-analysis-section.tsx';
import { useCallAnalyses } from '../../../lib/api/get-call-analyses.ts';

/** The representative's call analysis of this opportunity, as the manager audits it (read-only). */
export function CallAnalysisPanel({ oppId, headingLevel }: { oppId: number; headingLevel?: 2 | 3 }) {
  const query = useCallAnalyses(oppId);
  return <CallAnalysisSection query={query} headingLevel={headingLevel} />;
}
