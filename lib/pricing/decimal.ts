// The decimal type of every price: Prisma's own Decimal (decimal.js), taken from Prisma's browser
// runtime instead of the generated client, so pure pricing code can also run in the browser (the
// rule editor's live preview) without bringing the database client, whose browser stub lists
// every table and column, into a client bundle. Prisma reads and writes these values like its own.
import { Decimal } from "@prisma/client/runtime/index-browser";

export { Decimal };
export type DecimalValue = Decimal.Value;
