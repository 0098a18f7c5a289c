import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { ErrorMessage } from '../../ui/error-message';

/** Downloads the report as the API renders it (GET …/report.pdf, with the session's token). */
export function PdfButton({
  facultyId,
  semesterId,
  questionnaireTypeCode,
  fileName,
}: {
  facultyId: string;
  semesterId: string;
  questionnaireTypeCode: string;
  fileName: string;
}) {
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function download() {
    setPending(true);
    setError(null);
    try {
      const {
        data,
        error: refusal,
        response,
      } = await api.GET('/api/v1/analytics/faculty/{facultyId}/report.pdf', {
        params: { path: { facultyId }, query: { semesterId, questionnaireTypeCode } },
        parseAs: 'blob',
      });
      if (refusal !== undefined || !data) throw ApiError.from(response, refusal);
      const url = URL.createObjectURL(data as Blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button type="button" className="button" onClick={() => void download()} disabled={pending}>
        {pending ? 'Preparing PDF…' : 'Download PDF'}
      </button>
      {error ? <ErrorMessage error={error} /> : null}
    </>
  );
}
