/**
 * The return form's HTML limits, as conform's `getZodConstraint(returnFormSchema)` works them out (a unit test holds
 * them equal): the page renders them without importing the schema, which the browser fetches once the page is
 * hydrated (ADR 037).
 */
const optionalList = { required: false, multiple: true };

export const RETURN_FORM_CONSTRAINT = {
  reason: { required: false },
  files: optionalList,
  "files[]": { required: true },
  "files[].fileId": { required: true },
  "files[].reason": { required: false },
  categories: optionalList,
  "categories[]": { required: true },
  "categories[].value": { required: true },
  "categories[].reason": { required: false },
  products: optionalList,
  "products[]": { required: true },
  "products[].fileId": { required: true },
  "products[].row": { required: true },
  "products[].reason": { required: false },
};
