export { users } from './users';
export type { UserRow } from './users';
export { projects, projectMembers, projectTexts } from './projects';
export type { ProjectRow, MemberRole } from './projects';
export { idpAccounts, idpPayloads, idpSecrets } from './idp';
export { plans, stripeEvents } from './billing';
export { aiUsage } from './ai';
export { storageObjects } from './storage';
export { automergeStorage, automergeStorageParts, syncTickets } from '@beamstage/sync/node';
