// What a product is — device, pod/cartridge, liquid or accessory — and the Tobacco Products
// Directive's limits that follow from it (2014/40/EU art. 20, the Bulgarian tobacco law):
// nicotine at most 20 mg/ml in anything; a liquid with nicotine in a container of at most
// 10 ml; a tank or cartridge of at most 2 ml. One rule for the server's save and the admin form.
import { NICOTINE_LIQUID_CONTAINER_MAX_ML, NICOTINE_MAX_MG_ML, TANK_MAX_ML } from './limits';
import { CATALOGUE } from './messages';

export const PRODUCT_KINDS = ['device', 'pod', 'liquid', 'accessory'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  device: 'Устройство',
  pod: 'Под / патрон',
  liquid: 'Течност',
  accessory: 'Аксесоар',
};

/** Kinds whose volume sits in tanks or cartridges (the 2 ml rule, per tank). */
export const TANK_KINDS: readonly ProductKind[] = ['device', 'pod'];

export function isProductKind(v: unknown): v is ProductKind {
  return typeof v === 'string' && (PRODUCT_KINDS as readonly string[]).includes(v);
}

/** The facts of a product the directive looks at. `volumeMl` is the whole product's: both
 *  chambers of a TWINS (2 × 2 ml = 4 ml), or a pack of cartridges. */
export interface KindFacts {
  kind: ProductKind;
  nicotineMgMl?: number | null;
  volumeMl?: number | null;
  /** Tanks of a device or cartridges in a pack of pods; 1 when unknown. */
  tankCount?: number | null;
  /** Each variant's own strength; null or absent: the product's. */
  variants?: ReadonlyArray<{ nicotineMgMl?: number | null }>;
}

/** Field errors (`nicotineMgMl`, `volumeMl`, `variants.N.nicotineMgMl`) for a product that breaks
 *  the directive; empty when it is within the limits. */
export function directiveErrors(p: KindFacts): Record<string, string> {
  const errors: Record<string, string> = {};
  const nicotine = p.nicotineMgMl ?? null;
  if (nicotine !== null && nicotine > NICOTINE_MAX_MG_ML) errors.nicotineMgMl = CATALOGUE.nicotineTooStrong(NICOTINE_MAX_MG_ML);
  let strongest = nicotine ?? 0;
  p.variants?.forEach((v, i) => {
    const mg = v?.nicotineMgMl ?? null;
    if (mg === null) return;
    strongest = Math.max(strongest, mg);
    if (mg > NICOTINE_MAX_MG_ML) errors[`variants.${i}.nicotineMgMl`] = CATALOGUE.variantNicotineTooStrong(mg, NICOTINE_MAX_MG_ML);
  });
  const volume = p.volumeMl ?? null;
  if (volume === null) return errors;
  if (p.kind === 'liquid' && strongest > 0 && volume > NICOTINE_LIQUID_CONTAINER_MAX_ML) {
    errors.volumeMl = CATALOGUE.liquidContainerTooBig(NICOTINE_LIQUID_CONTAINER_MAX_ML);
  }
  if (TANK_KINDS.includes(p.kind)) {
    const tanks = Math.max(1, Math.floor(p.tankCount ?? 1));
    const perTank = Math.round((volume / tanks) * 100) / 100;
    if (perTank > TANK_MAX_ML) errors.volumeMl = CATALOGUE.tankTooBig(TANK_MAX_ML, perTank);
  }
  return errors;
}

/** Attributes named "Вкус 1", "Вкус 2", …: the shop's way of offering one flavour per chamber. */
export const CHAMBER_ATTRIBUTE = /^вкус\s*\d+$/i;

/**
 * The kind of a product that was saved without one (rows from before kinds existed, and the
 * plain create call, which has no such field): a liquid or a pod by its name or category,
 * an accessory when it has neither nicotine nor a volume, else a device — the shop's TWINS and
 * TRIPLES. `chambers`: its "Вкус N" attributes, one per tank.
 */
export function inferKind(p: {
  name?: string | null;
  categoryNames?: ReadonlyArray<string | null | undefined>;
  nicotineMgMl?: number | null;
  volumeMl?: number | null;
}): ProductKind {
  const text = [p.name, ...(p.categoryNames ?? [])].filter(Boolean).join(' ').toLocaleLowerCase('bg');
  if (/течност|liquid|никотинова сол|солева|shortfill/.test(text)) return 'liquid';
  if (/(^|[^\p{L}])(под|подове|патрон|патрони|pod|pods|cartridge|картридж)([^\p{L}]|$)/u.test(text)) return 'pod';
  if (/аксесоар|accessor/.test(text)) return 'accessory';
  if ((p.nicotineMgMl ?? null) === null && (p.volumeMl ?? null) === null) return 'accessory';
  return 'device';
}

/** Tanks of a product saved without a count: one per "Вкус N" attribute, else one. */
export function inferTankCount(attributeNames: ReadonlyArray<string>): number {
  return Math.max(1, new Set(attributeNames.filter((n) => CHAMBER_ATTRIBUTE.test(n.trim()))).size);
}
