/**
 * Version of the wire and storage contracts in this package. Bump the minor number for additive
 * changes (a new optional field, a new event type) and the major number when a stored record can
 * no longer be read without an upgrade step in `upgradeEvent`.
 */
export const PROTOCOL_VERSION = '2.0' as const;

/** Schema version written into every stored event envelope. Readers upgrade older versions on read. */
export const EVENT_SCHEMA_VERSION = 2 as const;
