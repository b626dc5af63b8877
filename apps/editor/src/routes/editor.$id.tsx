import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { EditorPage } from '../workspace/EditorPage';

export const Route = createFileRoute('/editor/$id')({ component: EditorRoute });

function EditorRoute() {
  const { id } = Route.useParams();
  return (
    <RequireAuth>
      <EditorPage key={id} projectId={id} />
    </RequireAuth>
  );
}
