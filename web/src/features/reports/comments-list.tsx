import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorMessage } from '../../ui/error-message';
import { formatAnswerTime } from '../../ui/format';
import { Loading } from '../../ui/loading';
import { Pager } from '../../ui/pager';

const PAGE_SIZE = 10;

/** The comments of a report, filtered by sentiment and theme as the API does it, a page at a time. */
export function CommentsList({
  facultyId,
  semesterId,
  questionnaireTypeCode,
  themes,
}: {
  facultyId: string;
  semesterId: string;
  questionnaireTypeCode: string;
  themes: Array<{ themeId: string; label: string }>;
}) {
  const [sentiment, setSentiment] = useState<'' | 'positive' | 'neutral' | 'negative'>('');
  const [themeId, setThemeId] = useState('');
  const [page, setPage] = useState(1);
  const query = {
    semesterId,
    questionnaireTypeCode,
    page,
    limit: PAGE_SIZE,
    ...(sentiment ? { sentiment } : {}),
    ...(themeId ? { themeId } : {}),
  };
  const comments = useQuery({
    queryKey: ['reports', facultyId, 'comments', query],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/analytics/faculty/{facultyId}/report/comments', {
          params: { path: { facultyId }, query },
        }),
      ),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="stack">
      <div className="toolbar" role="group" aria-label="Filter comments">
        <div className="field field--inline">
          <label htmlFor="comment-sentiment">Sentiment</label>
          <select
            id="comment-sentiment"
            value={sentiment}
            onChange={(event) => {
              setSentiment(event.target.value as typeof sentiment);
              setPage(1);
            }}
          >
            <option value="">Any</option>
            <option value="positive">Positive</option>
            <option value="neutral">Neutral</option>
            <option value="negative">Negative</option>
          </select>
        </div>
        <div className="field field--inline">
          <label htmlFor="comment-theme">Theme</label>
          <select
            id="comment-theme"
            value={themeId}
            onChange={(event) => {
              setThemeId(event.target.value);
              setPage(1);
            }}
          >
            <option value="">Any</option>
            {themes.map((theme) => (
              <option key={theme.themeId} value={theme.themeId}>
                {theme.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {comments.isPending ? <Loading what="comments" /> : null}
      {comments.isError ? <ErrorMessage error={comments.error} /> : null}
      {comments.data && (
        <>
          <p className="muted" role="status">
            {comments.data.total === 1 ? '1 comment matches.' : `${comments.data.total} comments match.`}
          </p>
          <ul className="comments">
            {comments.data.items.map((comment) => (
              <li key={comment.submissionId} className="comment">
                {comment.redacted || comment.text === null ? (
                  <p className="muted">Comment text withheld.</p>
                ) : (
                  <p>{comment.text}</p>
                )}
                <p className="comment__meta">
                  {comment.sentiment ? (
                    <span className={`tag tag--${comment.sentiment}`}>{comment.sentiment}</span>
                  ) : (
                    <span className="tag">not analysed</span>
                  )}{' '}
                  {themes
                    .filter((theme) => comment.themeIds.includes(theme.themeId))
                    .map((theme) => theme.label)
                    .join(', ')}{' '}
                  · {comment.courseShortname ?? 'no course'} · {formatAnswerTime(comment.createdAt)}
                </p>
              </li>
            ))}
          </ul>
          <Pager
            page={comments.data.page}
            limit={comments.data.limit}
            total={comments.data.total}
            onPage={setPage}
            label="Comment pages"
          />
        </>
      )}
    </div>
  );
}
