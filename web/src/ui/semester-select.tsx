import type { Semester } from '../api/types';
import { semesterName } from '../features/institution/semesters';

/** A labelled semester picker. */
export function SemesterSelect({
  semesters,
  value,
  onChange,
  id = 'semester',
}: {
  semesters: Semester[];
  value: string;
  onChange: (semesterId: string) => void;
  id?: string;
}) {
  return (
    <div className="field field--inline">
      <label htmlFor={id}>Semester</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {semesters.map((semester) => (
          <option key={semester.id} value={semester.id}>
            {semesterName(semester)}
          </option>
        ))}
      </select>
    </div>
  );
}
