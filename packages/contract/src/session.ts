import Type, { type Static } from 'typebox';
import { CurrentUser } from './auth';

// The browser's session with the portal (backend-for-frontend) and the built-in provider's
// sign-in screens.

/** GET /api/v1/session: who is signed in, in which mode, until when. */
export const SessionInfo = Type.Object({
  data: Type.Object({
    user: CurrentUser,
    /** Opened from a driver link: the top bar and navigation are hidden. */
    driverMode: Type.Boolean(),
    /** True once, on the first read after sign-in: the app shows "Login Successful". */
    signInNotice: Type.Boolean(),
    /** How the request was authenticated. */
    via: Type.Union([Type.Literal('session'), Type.Literal('token'), Type.Literal('api-key')]),
    idleTimeoutSeconds: Type.Union([Type.Integer(), Type.Null()]),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
});
export type SessionInfo = Static<typeof SessionInfo>;

/** GET /auth/session: the browser's session, or null when there is none (no 401 to log). */
export const SessionState = Type.Object({
  data: Type.Union([SessionInfo.properties.data, Type.Null()]),
});
export type SessionState = Static<typeof SessionState>;

export const LogoutResponse = Type.Object({
  data: Type.Object({
    /** Where the browser goes next: the issuer's end-session page, or the root. */
    redirectTo: Type.String(),
  }),
});
export type LogoutResponse = Static<typeof LogoutResponse>;

export const DriverSessionBody = Type.Object(
  { driverToken: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type DriverSessionBody = Static<typeof DriverSessionBody>;

export const DriverSessionResponse = Type.Object({
  data: Type.Object({ landing: Type.String() }),
});
export type DriverSessionResponse = Static<typeof DriverSessionResponse>;

/** The provider's sign-in screen asks what it is showing. */
export const InteractionDetails = Type.Object({
  data: Type.Object({
    uid: Type.String(),
    /** sign-in (the sign-in policy) or reset (the password-reset policy, from /forgot-password). */
    flow: Type.Union([Type.Literal('sign-in'), Type.Literal('reset')]),
    loginHint: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type InteractionDetails = Static<typeof InteractionDetails>;

export const InteractionLoginBody = Type.Object(
  {
    emailAddress: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type InteractionLoginBody = Static<typeof InteractionLoginBody>;

export const InteractionResetBody = Type.Object(
  { emailAddress: Type.String({ minLength: 3, maxLength: 254 }) },
  { additionalProperties: false },
);
export type InteractionResetBody = Static<typeof InteractionResetBody>;

export const InteractionRedirect = Type.Object({
  data: Type.Object({ redirectTo: Type.String() }),
});
export type InteractionRedirect = Static<typeof InteractionRedirect>;
