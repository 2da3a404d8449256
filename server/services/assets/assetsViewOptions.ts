import {
  assetsViewOptionsSchema,
  type AssetsViewOptions,
  type AssetsViewOptionsChange,
} from '@common/api/assetLists';
import type { Repositories } from '../../db/repositories';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** How each user views asset lists (projects-side §3): sort, direction, filter, item size, grid or list. */
export class AssetsViewOptionsService {
  constructor(private readonly users: Repositories['users']) {}

  /** What the user saved, each option missing or no longer valid taking its default. */
  async get(userId: number): Promise<AssetsViewOptions> {
    const stored = parseJson((await this.users.preferencesOf(userId)).assets_view_options);
    const fields = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
    const kept: Record<string, unknown> = {};
    // Option by option, so that one no longer valid does not take the others with it.
    for (const [name, field] of Object.entries(assetsViewOptionsSchema.shape)) {
      const parsed = field.safeParse(fields[name]);
      if (parsed.success) kept[name] = parsed.data;
    }
    return assetsViewOptionsSchema.parse(kept);
  }

  /** Changes the options given; the others stay as they were. */
  async change(userId: number, change: AssetsViewOptionsChange): Promise<AssetsViewOptions> {
    const options = { ...(await this.get(userId)), ...change };
    await this.users.updatePreferences(userId, { assets_view_options: JSON.stringify(options) });
    return options;
  }
}
