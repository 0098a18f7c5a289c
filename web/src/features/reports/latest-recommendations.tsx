import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ErrorMessage } from '../../ui/error-message';
import { formatDateTime } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { RecommendationCards } from '../analysis/recommendation-cards';

/**
 * The recommendations of the latest completed analysis about one faculty member in a semester (a FACULTY
 * reader sees only their own analyses, with quotes withheld by the API).
 */
export function LatestRecommendations({ facultyId, semesterId }: { facultyId: string; semesterId: string }) {
  const pipelines = useQuery({
    queryKey: ['pipelines', 'recent', semesterId, facultyId],
    queryFn: () => unwrap(api.GET('/api/v1/analysis/pipelines', { params: { query: { semesterId, facultyId } } })),
  });
  const latest = pipelines.data?.find(
    (pipeline) =>
      pipeline.status === 'COMPLETED' && pipeline.scopeType === 'FACULTY' && pipeline.scope.facultyId === facultyId,
  );
  const recommendations = useQuery({
    queryKey: ['pipelines', latest?.id, 'recommendations'],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/analysis/pipelines/{id}/recommendations', { params: { path: { id: latest?.id ?? '' } } }),
      ),
    enabled: latest !== undefined,
  });
  if (pipelines.isPending) return <Loading what="analyses" />;
  if (pipelines.isError) return <ErrorMessage error={pipelines.error} />;
  if (!latest) return <p>No completed analysis of this faculty member in this semester yet.</p>;
  return (
    <>
      <p className="muted">
        From the analysis completed {formatDateTime(latest.completedAt)} (
        <Link to={`/analysis/${latest.id}`}>details</Link>
        ).
      </p>
      {recommendations.isPending ? <Loading what="recommendations" /> : null}
      {recommendations.isError ? <ErrorMessage error={recommendations.error} /> : null}
      {recommendations.data && <RecommendationCards actions={recommendations.data.actions} />}
    </>
  );
}
