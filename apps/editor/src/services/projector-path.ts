/** The projector's path for a project (spec section 2: /projector/{id}): one place builds it. */
export function projectorPath(projectId: string): string {
  return `/projector/${encodeURIComponent(projectId)}`;
}
