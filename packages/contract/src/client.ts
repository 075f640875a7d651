import Type, { type Static } from 'typebox';
import { DataOf } from './common';

/** GET /api/v1/client_config: the whitelisted part of the server's configuration the app needs. */
export const ClientConfig = DataOf(
  Type.Object({
    /** local, test and uat show the "UAT Data" badge. */
    appEnv: Type.Union([
      Type.Literal('local'),
      Type.Literal('test'),
      Type.Literal('uat'),
      Type.Literal('production'),
    ]),
    /** Where Support and the top bar's help link go. */
    helpDeskUrl: Type.String(),
    /** Where front-end errors and performance are reported; null: monitoring is off. */
    monitoringCollectorUrl: Type.Union([Type.String(), Type.Null()]),
    /** The shipment map's tiles: a {z}/{x}/{y} template, and the attribution shown on the map. */
    mapTileUrl: Type.String(),
    mapTileAttribution: Type.String(),
    /** Sessions are recorded to the portal's own collector (decision 181). */
    sessionReplay: Type.Boolean(),
  }),
);
export type ClientConfig = Static<typeof ClientConfig>;

/** POST /api/v1/client_errors: a crash or failure in the browser, for the server's log. */
export const ClientErrorReport = Type.Object(
  {
    kind: Type.Union([Type.Literal('crash'), Type.Literal('request'), Type.Literal('chunk-load')]),
    message: Type.String({ maxLength: 2000 }),
    stack: Type.Optional(Type.String({ maxLength: 8000 })),
    path: Type.String({ maxLength: 2000 }),
    status: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
export type ClientErrorReport = Static<typeof ClientErrorReport>;
