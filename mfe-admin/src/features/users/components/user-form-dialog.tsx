// Add User (POST /api/admin-panel/users/{adminId}) and Edit User (PATCH ?operation=edit) dialogs, with
// the spec's toasts: "User added successfully" / "User updated successfully", else "Something went
// wrong" with the server's reason underneath.
import { ApiError, referenceOf } from '@community/api-client';
import { SOMETHING_WENT_WRONG, USER_ADDED, USER_UPDATED, type User } from '@community/domain';
import { toast } from '@community/ui';
import { AdminDialog } from '../../../components/admin-dialog.tsx';
import { addUser, editUser } from '../api/user-writes.ts';
import { UserForm, userFormValues } from './user-form.tsx';

export type UserFormDialogProps = {
  adminId: string;
  /** The user to edit; none to add one. */
  user?: User | undefined;
  onSaved: (user: User) => void;
  onClose: () => void;
};

export function UserFormDialog({ adminId, user, onSaved, onClose }: UserFormDialogProps) {
  const mode = user ? 'edit' : 'add';
  return (
    <AdminDialog title={user ? 'Edit User' : 'Add User'} onClose={onClose} size="lg" confirmDiscard>
      <UserForm
        mode={mode}
        initialValues={userFormValues(user)}
        onCancel={onClose}
        onSubmit={async (input) => {
          try {
            const saved = user ? await editUser(user.id, input) : await addUser(adminId, input);
            toast.success(user ? USER_UPDATED : USER_ADDED);
            onSaved(saved);
            onClose();
          } catch (error) {
            console.error('[admin] save user', error);
            toast.error(SOMETHING_WENT_WRONG, error instanceof ApiError ? error.message : undefined, {
              reference: referenceOf(error),
            });
            throw error;
          }
        }}
      />
    </AdminDialog>
  );
}
