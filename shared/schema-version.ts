/**
 * The version of the synced data's shape. The client sends it with every push and pull and
 * uses it in its local database's name; the server answers `VersionNotSupported` to a client
 * built for another value, and `GET /api/config` returns it so a stale tab knows to reload.
 * Change it whenever an entity's JSON or a mutator's arguments change incompatibly.
 */
export const SCHEMA_VERSION = "1";
