import { LOADING_TEXTS, LoadingOverlay } from './LoadingOverlay';

export default { title: 'UI/LoadingOverlay', component: LoadingOverlay, parameters: { layout: 'fullscreen' } };

export const Default = {};
export const Page = { args: { text: LOADING_TEXTS.page } };
export const Layers = { args: { text: LOADING_TEXTS.layers, subText: LOADING_TEXTS.layersSub } };
