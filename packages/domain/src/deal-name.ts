/**
 * A deal as a person names it: "company — product", either alone when the other is missing, null
 * when neither is known (the page then falls back to its number). Recent analyses, pickers and
 * links use the same words, so one deal reads the same everywhere.
 */
export function dealName(deal: { client_company_name: string | null; product: string | null }): string | null {
  return [deal.client_company_name?.trim(), deal.product?.trim()].filter(Boolean).join(' — ') || null;
}
