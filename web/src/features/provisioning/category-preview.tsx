import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { api, unwrap } from '../../api/client';
import type { BodyOf } from '../../api/types';
import { ErrorMessage, FieldProblems } from '../../ui/error-message';
import { ScrollRegion } from '../../ui/scroll-region';

type CategoriesBody = BodyOf<'/api/v1/lms/provision/categories/preview', 'post'>;

/** `CCS: BSIT, BSCS` per line → departments with their programs. */
function parseDepartments(text: string): NonNullable<CategoriesBody['departments']> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [code = '', programs = ''] = line.split(':');
      return {
        code: code.trim(),
        programs: programs
          .split(',')
          .map((program) => program.trim())
          .filter((program) => program !== ''),
      };
    });
}

/** Plans a campus › semester › department › program hierarchy: the preview marks each node, then create. */
export function CategoryPreview() {
  const queryClient = useQueryClient();
  const [campuses, setCampuses] = useState('MAIN');
  const [semesters, setSemesters] = useState<number[]>([1]);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [departments, setDepartments] = useState('CCS: BSIT, BSCS');
  const body = (): CategoriesBody => ({
    campuses: campuses
      .split(',')
      .map((campus) => campus.trim())
      .filter((campus) => campus !== ''),
    semesters,
    startDate,
    endDate,
    departments: parseDepartments(departments),
  });
  const preview = useMutation({
    mutationFn: (plan: CategoriesBody) => unwrap(api.POST('/api/v1/lms/provision/categories/preview', { body: plan })),
  });
  const create = useMutation({
    mutationFn: (plan: CategoriesBody) => unwrap(api.POST('/api/v1/lms/provision/categories', { body: plan })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lms', 'tree'] }),
  });
  const problems = (path: string) =>
    (preview.error instanceof ApiError ? preview.error.details : [])
      .filter((detail) => detail.path === path || detail.path.startsWith(`${path}.`))
      .map((detail) => detail.message);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.reset();
    preview.mutate(body());
  }

  const describe = (id: string, path: string) => ({
    'aria-invalid': problems(path).length > 0 || undefined,
    'aria-describedby': problems(path).length > 0 ? `${id}-error` : undefined,
  });

  return (
    <div className="stack">
      <form className="stack" onSubmit={submit} noValidate>
        <div className="editor-grid">
          <div className="field">
            <label htmlFor="plan-campuses">Campuses (codes, comma-separated)</label>
            <input
              id="plan-campuses"
              value={campuses}
              onChange={(event) => setCampuses(event.target.value)}
              {...describe('plan-campuses', 'campuses')}
            />
            <FieldProblems id="plan-campuses-error" messages={problems('campuses')} />
          </div>
          <fieldset
            className="field"
            aria-describedby={problems('semesters').length > 0 ? 'plan-semesters-error' : undefined}
          >
            <legend>Semesters</legend>
            {[1, 2].map((term) => (
              <div className="field field--checkbox" key={term}>
                <input
                  id={`plan-semester-${term}`}
                  type="checkbox"
                  checked={semesters.includes(term)}
                  onChange={(event) =>
                    setSemesters((current) =>
                      event.target.checked ? [...current, term].sort() : current.filter((value) => value !== term),
                    )
                  }
                />
                <label htmlFor={`plan-semester-${term}`}>Semester {term}</label>
              </div>
            ))}
            <FieldProblems id="plan-semesters-error" messages={problems('semesters')} />
          </fieldset>
          <div className="field">
            <label htmlFor="plan-start">Start date</label>
            <input
              id="plan-start"
              type="date"
              value={startDate}
              onChange={(event) => setStartDate(event.target.value)}
              {...describe('plan-start', 'startDate')}
            />
            <FieldProblems id="plan-start-error" messages={problems('startDate')} />
          </div>
          <div className="field">
            <label htmlFor="plan-end">End date</label>
            <input
              id="plan-end"
              type="date"
              value={endDate}
              onChange={(event) => setEndDate(event.target.value)}
              {...describe('plan-end', 'endDate')}
            />
            <FieldProblems id="plan-end-error" messages={problems('endDate')} />
          </div>
          <div className="field field--wide">
            <label htmlFor="plan-departments">
              Departments and programs (one department a line: CODE: PROGRAM, PROGRAM)
            </label>
            <textarea
              id="plan-departments"
              rows={4}
              value={departments}
              onChange={(event) => setDepartments(event.target.value)}
              {...describe('plan-departments', 'departments')}
            />
            <FieldProblems id="plan-departments-error" messages={problems('departments')} />
          </div>
        </div>
        {preview.isError ? <ErrorMessage error={preview.error} /> : null}
        <div>
          <button type="submit" className="button" disabled={preview.isPending}>
            Preview categories
          </button>
        </div>
      </form>
      {preview.data && (
        <>
          <p role="status">
            Semester codes {preview.data.semesterCodes.join(', ')}: {preview.data.created} categories to create,{' '}
            {preview.data.skipped} already there.
          </p>
          <ScrollRegion label="Category plan table">
            <table className="table table--compact">
              <caption>Category plan</caption>
              <thead>
                <tr>
                  <th scope="col">Path</th>
                  <th scope="col">Level</th>
                  <th scope="col">Plan</th>
                </tr>
              </thead>
              <tbody>
                {preview.data.nodes.map((node) => (
                  <tr key={node.path}>
                    <th scope="row">{node.path}</th>
                    <td>{node.type}</td>
                    <td>
                      <span className={`tag tag--${node.status === 'created' ? 'new' : 'done'}`}>
                        {node.status !== 'created' ? 'Exists' : create.data ? 'Created' : 'Will be created'}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {create.isError ? <ErrorMessage error={create.error} /> : null}
          {create.data ? (
            <p className="success" role="status">
              Created {create.data.created} categories; {create.data.skipped} already existed.
            </p>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={create.isPending || preview.data.created === 0}
              onClick={() => create.mutate(body())}
            >
              Create {preview.data.created} categories
            </button>
          )}
        </>
      )}
    </div>
  );
}
