// A line being bought, as the purchase and its unknown-outcome search read it.
export type PurchasingLine = {
  id: string;
  orderId: string;
  /** The supplier it is bought from (docs/suppliers.md#routing). */
  supplier: string;
  /** Its item code at that supplier, when not `itemCode` (another supplier's offer). */
  supplierItemCode: string | null;
  itemCode: string;
  quantity: number;
  isTopup: boolean;
  fieldsEnc: string | null;
  checks: number;
  firstAttemptAt: Date | null;
  /** Before this attempt: an earlier attempt's outcome is unknown (its order may exist). */
  unknownOutcomeAt: Date | null;
  createdAt: Date;
  order: { email: string };
};
