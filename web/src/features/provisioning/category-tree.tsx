import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { ResponseOf } from '../../api/types';
import { ErrorMessage } from '../../ui/error-message';
import { counted, formatDateTime } from '../../ui/format';
import { Loading } from '../../ui/loading';

type Node = ResponseOf<'/api/v1/lms/provision/tree', 'get'>['tree'][number];

function Branch({ nodes }: { nodes: Node[] }) {
  return (
    <ul className="tree">
      {nodes.map((node) => (
        <li key={node.id}>
          <span>
            {node.name}{' '}
            <span className="muted">
              ({counted(node.coursecount, 'course')}
              {node.visible ? '' : ', hidden'})
            </span>
          </span>
          {node.children.length > 0 && <Branch nodes={node.children} />}
        </li>
      ))}
    </ul>
  );
}

/** The learning system's live category tree: campus › semester › department › program. */
export function CategoryTree() {
  const tree = useQuery({
    queryKey: ['lms', 'tree'],
    queryFn: () => unwrap(api.GET('/api/v1/lms/provision/tree')),
    retry: false,
  });
  if (tree.isPending) return <Loading what="the category tree" />;
  if (tree.isError) return <ErrorMessage error={tree.error} />;
  return (
    <>
      <p className="muted">
        {tree.data.totalCategories} categories, read {formatDateTime(tree.data.fetchedAt)}.
      </p>
      {tree.data.tree.length === 0 ? (
        <p>The learning system has no categories yet.</p>
      ) : (
        <Branch nodes={tree.data.tree} />
      )}
    </>
  );
}
