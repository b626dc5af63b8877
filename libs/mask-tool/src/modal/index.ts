// The React entry point of the mask tool (@beamstage/mask-tool/modal).
export type { MaskModalProps } from './MaskModal';
export { MaskModal } from './MaskModal';
export type { MaskModalHostProps } from './MaskModalHost';
export { MaskModalHost } from './MaskModalHost';
export type { MaskModalRequest, MaskToast, MaskToastKind } from './store';
export { closeMaskModal, maskModalStore, openMaskModal } from './store';
export { ERASE_INK, ViewPainter, paintOps, renderInstructions, renderMaskPng } from './paint';
export { exportMaskBlob } from './use-mask-save';
export { isEditableTarget, loadBackgroundFile } from './background-loader';
export { MASK_MODAL_CSS, ensureMaskModalStyles } from './styles';
