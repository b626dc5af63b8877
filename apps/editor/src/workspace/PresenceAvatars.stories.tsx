import { PresenceAvatars } from './PresenceAvatars';

const peer = (i: number, name: string, color: string) => ({
  peerId: `peer-${i}`,
  name,
  color,
  initials: name.slice(0, 2).toUpperCase(),
  selectedLayerId: null,
});

export default {
  title: 'Editor/PresenceAvatars',
  component: PresenceAvatars,
  args: { peers: [peer(1, 'Ada Lovelace', '#22d3ee'), peer(2, 'Grace Hopper', '#ff2e97')] },
};

export const TwoPeople = {};
export const Crowd = { args: { peers: ['Ada', 'Grace', 'Hedy', 'Katherine', 'Radia'].map((n, i) => peer(i, n, '#7c5cff')) } };
export const HostileName = { args: { peers: [peer(1, '<img src=x onerror=alert(1)>', '#ffb547')] } };
