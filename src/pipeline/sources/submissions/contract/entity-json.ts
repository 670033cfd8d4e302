/**
 * The Entity DTO (docs/api/entities.md, The entity) as SQL over the `entities` Parquet table. The build renders it once per
 * entity into the entities lookup file (lookup-lines.ts ENTITIES), sent as it is by src/areas/entities, so a lookup reads one line instead of
 * some forty nested columns (docs/architecture.md, The serving database, has the figures).
 */

/** An address struct with wire names; NULL when EDGAR gave none. */
const address = (c: 'mailing_address' | 'business_address') => `CASE WHEN ${c} IS NULL THEN NULL ELSE struct_pack(
  street1 := ${c}.street1, street2 := ${c}.street2, city := ${c}.city,
  "stateOrCountry" := ${c}.state_or_country, "zipCode" := ${c}.zip_code,
  "stateOrCountryDescription" := ${c}.state_or_country_description,
  "foreignStateTerritory" := ${c}.foreign_state_territory, country := ${c}.country,
  "countryCode" := ${c}.country_code, "foreignLocation" := ${c}.foreign_location) END`

/** Wire name → expression, in the DTO's key order. */
const FIELDS: [string, string][] = [
  ['name', 'name'],
  ['cik', `lpad(cik::VARCHAR, 10, '0')`],
  ['ticker', 'ticker'],
  ['entityType', 'entity_type'],
  ['tickers', 'tickers'],
  ['exchanges', 'exchanges'],
  ['sic', 'sic::INTEGER'],
  ['sicDescription', 'sic_description'],
  ['ownerOrg', 'owner_org'],
  ['insiderTransactionForOwnerExists', 'insider_transaction_for_owner_exists'],
  ['insiderTransactionForIssuerExists', 'insider_transaction_for_issuer_exists'],
  // Stored as the 9-digit text so leading zeros survive; the API sends an integer.
  ['ein', 'TRY_CAST(ein AS INTEGER)'],
  ['lei', 'lei'],
  ['description', 'description'],
  ['website', 'website'],
  ['investorWebsite', 'investor_website'],
  ['category', 'category'],
  ['fiscalYearEnd', 'fiscal_year_end'],
  ['stateOfIncorporation', 'state_of_incorporation'],
  ['stateOfIncorporationDescription', 'state_of_incorporation_description'],
  ['phone', 'phone'],
  ['formerNames', 'list_transform(former_names, f -> f.name)'],
  ['mailingAddress', address('mailing_address')],
  ['businessAddress', address('business_address')],
]

/** One entity as JSON text (fixed build SQL: no value comes from a request). */
export const ENTITY_JSON = `to_json(struct_pack(${FIELDS.map(([name, expr]) => `"${name}" := ${expr}`).join(',\n  ')}))::VARCHAR`
