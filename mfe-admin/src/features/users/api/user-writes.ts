// The Users table's writes (docs/api.md, admin panel): add, edit, feature switches, block and
// reactivate, delete. Each answers the user as the server now has them (or the deleted id).
import { api } from '@community/api-client';
import type { FeatureSwitch, User, UserFormInput } from '@community/domain';

type UserAnswer = { user: User };
const userPath = (id: string) => `/api/admin-panel/users/${encodeURIComponent(id)}`;

export const addUser = (adminId: string, input: UserFormInput) =>
  api.post<UserAnswer>(userPath(adminId), input).then((answer) => answer.user);

export const editUser = (id: string, input: UserFormInput) =>
  api.patch<UserAnswer>(`${userPath(id)}?operation=edit`, input).then((answer) => answer.user);

export const updateUserFeatures = (id: string, features: FeatureSwitch[]) =>
  api
    .patch<UserAnswer>(`${userPath(id)}?operation=updateFeatures`, { features })
    .then((answer) => answer.user);

/** Blocking also ends the user's sessions and closes their sockets (server side). */
export const setUserBlocked = (id: string, blocked: boolean) =>
  api
    .patch<UserAnswer>(`${userPath(id)}?operation=${blocked ? 'block' : 'reactivate'}`)
    .then((answer) => answer.user);

export const deleteUser = (id: string) => api.delete<{ id: string }>(userPath(id));
