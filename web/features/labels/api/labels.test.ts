import { projectKeys } from '@web/api/keys';
import { describe, expect, it } from 'vitest';
import type { Label } from '@common/api/projects';
import { labelsKey, orderedBy, projectLabelOwner, workspaceLabelOwner } from './labels';

const label = (id: number): Label => ({
  id,
  name: `L${id}`,
  custom: true,
  labellable_type: 'Project',
  labellable_id: 1,
  base_color: '#E5484D',
  hover_color: '#C4353A',
  order: null,
});

describe('orderedBy', () => {
  it('puts the labels in the order of the ids', () => {
    expect(orderedBy([label(1), label(2), label(3)], [3, 1, 2]).map((l) => l.id)).toEqual([3, 1, 2]);
  });

  it('keeps labels the ids leave out after the others, in their place', () => {
    expect(orderedBy([label(1), label(2), label(3), label(4)], [4, 2]).map((l) => l.id)).toEqual([
      4, 2, 1, 3,
    ]);
  });
});

describe('labelsKey', () => {
  it("keeps a workspace's labels under the key the project list already asks with", () => {
    expect(labelsKey(workspaceLabelOwner(7))).toEqual(projectKeys.workspaceLabels(7));
  });

  it("files a project's own labels under that project, so refreshing the project refreshes them", () => {
    expect(labelsKey(projectLabelOwner(9)).slice(0, 2)).toEqual(projectKeys.detail(9));
  });
});
