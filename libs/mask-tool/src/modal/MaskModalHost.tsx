// Mount once (in the editor shell): shows the modal whenever openMaskModal() is called anywhere.
import type { ReactElement } from 'react';
import { useSyncExternalStore } from 'react';
import type { MasksClient, SavedMaskAsset } from '../index';
import { MaskModal } from './MaskModal';
import { closeMaskModal, maskModalStore } from './store';

export interface MaskModalHostProps {
  readonly client?: MasksClient;
  readonly projectId?: string | null;
  readonly addAsset?: (asset: SavedMaskAsset) => void | Promise<void>;
  readonly featherPx?: number;
}

/** Renders the modal for the current openMaskModal() request, a fresh drawing per opening. */
export function MaskModalHost(props: MaskModalHostProps): ReactElement | null {
  const { request, session } = useSyncExternalStore(maskModalStore.subscribe, maskModalStore.getSnapshot, maskModalStore.getSnapshot);
  if (!request) return null;
  return (
    <MaskModal
      key={session}
      onClose={closeMaskModal}
      layer={request.layer ?? null}
      onMaskSaved={request.onMaskSaved}
      onToast={request.onToast}
      client={props.client}
      projectId={props.projectId}
      addAsset={props.addAsset}
      featherPx={props.featherPx}
    />
  );
}
