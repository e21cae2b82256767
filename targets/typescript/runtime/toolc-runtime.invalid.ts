/**
 * A validation failure on its way out of the checker: each level it
 * passes puts its own path segment in front.
 *
 * @module
 */

import { pointer } from "./toolc-runtime.values.js";

/** A violation, its path relative to the value being checked: each level
 * that the error passes on its way out puts its own segment in front, so
 * that no path is written for a value that passes (one written per field
 * checked was about a tenth of a call through the executor). */
export class Invalid {
  constructor(
    readonly path: string,
    readonly message: string,
    readonly hint?: string,
  ) {}

  /** This violation of a `@secret` value, as seen from the object holding
   * it at `segment`, showing nothing of the value: the message loses its
   * `, got …` part, and an error inside the value (whose path or message
   * could name its keys) becomes `is not valid` at the field. */
  secret(segment: string): Invalid {
    if (this.path !== "") return new Invalid(pointer("", segment), "is not valid");
    const cut = this.message.indexOf(", got ");
    return new Invalid(pointer("", segment), cut < 0 ? this.message : this.message.slice(0, cut), this.hint);
  }

  /** This violation as seen from the object or array holding the value at `segment`. */
  under(segment: string | number): Invalid {
    return new Invalid(pointer("", segment) + this.path, this.message, this.hint);
  }
}

/** A violation of the value being checked. */
export function fail(message: string, hint?: string): never {
  throw new Invalid("", message, hint);
}

/** A violation of the member `segment` of the object or array being checked. */
export function failAt(segment: string | number, message: string, hint?: string): never {
  throw new Invalid(pointer("", segment), message, hint);
}

