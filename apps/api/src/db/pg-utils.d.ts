// node-postgres's value conversion for Bind, which its own Query uses and @types/pg leaves out.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): unknown;
}
