/**
 * An answer the API wrote as JSON text itself (a list page built by the database), typed by its contract at
 * compile time: `route()` sends the text as it is, without zod's encoding and `JSON.stringify` of the contract's
 * serializer, which on a page of 50 tasks cost more CPU than building it. Only for answers the API builds from
 * its own rows; a test per route checks the served text against the contract's schema (task-list-shape.routes.test.ts).
 */
export class JsonText<T> {
  /** Never set: ties the text to the type it stands for, so a handler cannot answer another contract's shape. */
  declare readonly shape?: T;

  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}
