import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { addOnSchema, type AddOn, type PricingPlan, type PricingPlanPrice } from '@common/api/billing';

const fileSchema = z.object({
  plans: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().min(1),
      level: z.number().int(),
      included_projects: z.number().int().positive().optional(),
      included_members: z.number().int().positive().optional(),
      included_storage_in_bytes: z.number().int().positive(),
      prices: z.array(
        z.object({
          id: z.number().int(),
          billing_period: z.enum(['month', 'year']),
          cost: z.number().int().min(0),
        }),
      ),
      add_ons: z.array(addOnSchema),
    }),
  ),
});

export interface AddOnPrice {
  addOn: AddOn;
  plan: PricingPlan;
  period: 'month' | 'year';
  id: number;
  cost: number;
}

/** The plan catalogue, read once from its data file and checked (ids unique, add-on types known). */
export class Catalogue {
  readonly plans: PricingPlan[];
  private readonly addOnsByPlan = new Map<number, AddOn[]>();

  constructor(data: unknown) {
    const parsed = fileSchema.parse(data);
    this.plans = parsed.plans.map((p) => ({
      id: p.id,
      name: p.name,
      level: p.level,
      included_projects: p.included_projects ?? null,
      included_members: p.included_members ?? null,
      included_storage_in_bytes: p.included_storage_in_bytes,
      prices: p.prices.map((price) => ({ ...price, pricing_plan: { id: p.id, name: p.name } })),
    }));
    for (const p of parsed.plans) this.addOnsByPlan.set(p.id, p.add_ons);
    const ids = [
      ...this.plans.flatMap((p) => p.prices.map((price) => price.id)),
      ...parsed.plans.flatMap((p) => p.add_ons.flatMap((a) => [a.prices.monthly.id, a.prices.annual.id])),
    ];
    if (new Set(ids).size !== ids.length) throw new Error('Price ids in the plan catalogue must be unique');
  }

  static fromFile(path: string): Catalogue {
    return new Catalogue(JSON.parse(readFileSync(path, 'utf8')));
  }

  plan(id: number): PricingPlan | undefined {
    return this.plans.find((p) => p.id === id);
  }

  planByName(name: string): PricingPlan | undefined {
    return this.plans.find((p) => p.name === name);
  }

  price(id: number): { price: PricingPlanPrice; plan: PricingPlan } | undefined {
    for (const plan of this.plans) {
      const price = plan.prices.find((p) => p.id === id);
      if (price) return { price, plan };
    }
    return undefined;
  }

  addOns(planId: number): AddOn[] {
    return this.addOnsByPlan.get(planId) ?? [];
  }

  addOnPrice(id: number): AddOnPrice | undefined {
    for (const plan of this.plans) {
      for (const addOn of this.addOns(plan.id)) {
        if (addOn.prices.monthly.id === id) return { addOn, plan, period: 'month', ...addOn.prices.monthly };
        if (addOn.prices.annual.id === id) return { addOn, plan, period: 'year', ...addOn.prices.annual };
      }
    }
    return undefined;
  }
}

export const DEFAULT_CATALOGUE_FILE = new URL('./pricing-plans.json', import.meta.url).pathname;
