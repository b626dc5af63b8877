import type { MasksClient } from '@beamstage/mask-tool';
import type { ApiClient } from '../api/client';

/** The mask save sequence's client (spec section 7): /api/masks/* through the editor's api client, PUT by fetch. */
export function masksClient(api: Pick<ApiClient, 'request'>, fetchFn: typeof fetch = (...args) => fetch(...args)): MasksClient {
  return {
    createUploadUrl: (body) => api.request('POST', '/masks/create-upload-url', body),
    setPublicAcl: (body) => api.request('POST', '/masks/set-public-acl', body),
    put: async (url, init) => {
      const reply = await fetchFn(url, { method: 'PUT', body: init.body as Blob, headers: init.headers });
      return { ok: reply.ok, status: reply.status };
    },
  };
}
