/**
 * Business constants of the specification (section 9), kept together so a change is made once.
 */

/** Toasts close after 3 s; after 5 s when they carry an undo action. */
export const TOAST_AUTO_CLOSE_MS = 3_000;
export const TOAST_AUTO_CLOSE_WITH_UNDO_MS = 5_000;
/** The login success toast stays longer: it is the first thing a user sees after signing in. */
export const LOGIN_TOAST_AUTO_CLOSE_MS = 10_000;
export const TOAST_MIN_HEIGHT_PX = 48;

/** Long menus (e.g. the workspace switcher) scroll instead of running off the screen. */
export const MENU_MAX_HEIGHT_PX = 540;

/** Spinners for route and chunk loads appear only after this delay, so fast loads do not flicker. */
export const DYNAMIC_LOADING_DELAY_MS = 200;

/** The access token is renewed silently this long after each change (15 minutes; it lives 30). */
export const SILENT_REFRESH_MS = 900_000;

/** localforage's default store name: stored tokens and remembered pages live there. */
export const LOCAL_STORE_NAME = "localforage";
