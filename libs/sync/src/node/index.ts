export { automergeStorage } from './storage-table';
