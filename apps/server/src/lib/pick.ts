/** The keys a mask names, in the mask's order: `pick(item, { id: true, title: true })`. */
export function pick<T extends object, const M extends { readonly [K in keyof T]?: true }>(
  value: T,
  mask: M,
): Pick<T, Extract<keyof M, keyof T>> {
  const out: Partial<T> = {};
  for (const key of Object.keys(mask) as (keyof T)[]) out[key] = value[key];
  return out as Pick<T, Extract<keyof M, keyof T>>;
}
