export { automergeStorage } from './storage-table';
export { DrizzleStorageAdapter, KEY_SEPARATOR } from './drizzle-storage-adapter';
export type { AnyPgDatabase } from './drizzle-storage-adapter';
export { AUTOMERGE_STORAGE_DDL } from './storage-ddl';
