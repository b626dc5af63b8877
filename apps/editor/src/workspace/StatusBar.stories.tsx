import { StatusBar } from './StatusBar';

export default {
  title: 'Editor/Workspace/StatusBar',
  component: StatusBar,
  parameters: { layout: 'fullscreen' },
  args: { width: 1920, height: 1080, zoom: null, layerCount: 12, live: { text: 'Live', tone: 'live' }, selection: 'Left pillar', performance: 'good' },
};

export const Live = {};
export const Zoomed = { args: { zoom: 2.5, selection: '3 layers' } };
export const Struggling = { args: { performance: 'critical', live: { text: 'Offline: changes are kept on this device', tone: 'offline' } } };
export const ConnectionError = { args: { live: { text: 'Live connection error: Project not found', tone: 'error' }, selection: null, performance: 'warning' } };
/** A dropped socket being retried: the reason in the line, the longer explanation in the tooltip. */
export const ConnectionLostRetrying = {
  args: {
    live: {
      text: 'Offline — connection lost, retrying…',
      tone: 'error',
      retrying: true,
      title: 'Offline — connection lost, retrying… Changes are kept on this device and reach the server when the connection is back.',
    },
  },
};
