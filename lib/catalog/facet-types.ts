// The filters a listing offers, each with how many families it would show.
export type FacetOption = { value: string; label: string; count: number };
export type BrowseFacets = {
  types: FacetOption[];
  brands: FacetOption[];
  regions: FacetOption[];
  currencies: FacetOption[];
  countries: FacetOption[];
};
