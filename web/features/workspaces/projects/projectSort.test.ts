import { describe, expect, it } from 'vitest';
import { formatSize, sortProjects, type WorkspaceProjectItem } from './projectSort';

const person = { id: 1, name: 'Olga', email: 'o@x.com', avatar: null };
function project(id: number, name: string, createdAt: string, size: number): WorkspaceProjectItem {
  return {
    id,
    name,
    cover_image_url: null,
    owner: person,
    users: [],
    created_at: createdAt,
    storage_used_in_bytes: size,
    current_role_id: null,
  };
}

const items = [
  project(1, 'banana', '2026-03-01T10:00:00Z', 300),
  project(2, 'Apple', '2026-01-01T10:00:00Z', 100),
  project(3, 'cherry 10', '2026-02-01T10:00:00Z', 200),
  project(4, 'cherry 9', '2026-02-01T10:00:00Z', 200),
];
const ids = (list: WorkspaceProjectItem[]) => list.map((p) => p.id);

describe('projects tab sorting', () => {
  it('sorts by name, ignoring case and reading numbers as numbers', () => {
    expect(ids(sortProjects(items, { by: 'by_name', direction: 'asc' }))).toEqual([2, 1, 4, 3]);
    expect(ids(sortProjects(items, { by: 'by_name', direction: 'desc' }))).toEqual([3, 4, 1, 2]);
  });

  it('sorts by date created and by size, ties by id', () => {
    expect(ids(sortProjects(items, { by: 'by_date_added', direction: 'asc' }))).toEqual([2, 3, 4, 1]);
    expect(ids(sortProjects(items, { by: 'by_size', direction: 'desc' }))).toEqual([1, 3, 4, 2]);
  });

  it('does not change the list it was given', () => {
    sortProjects(items, { by: 'by_size', direction: 'asc' });
    expect(ids(items)).toEqual([1, 2, 3, 4]);
  });

  it('formats sizes', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 ** 3)).toBe('5 GB');
  });
});
