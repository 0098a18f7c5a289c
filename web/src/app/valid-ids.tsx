import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from './not-found-page';

/** The API's UUID pattern (zod's): versions 1 to 8, and the nil and max UUIDs. */
const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

/**
 * A page whose address carries ids (`/faculty/:facultyId`): an id that cannot be one is an address with no page,
 * so it shows the app's not-found page rather than the API's validation refusal of the request it would send.
 */
export function WithValidIds({ children }: { children: ReactNode }) {
  const params = useParams();
  const valid = Object.entries(params).every(([name, value]) => !name.endsWith('Id') || UUID.test(value ?? ''));
  return valid ? children : <NotFoundPage />;
}
