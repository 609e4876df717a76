// The sign-in form's schema on its own, so the form can load it (and zod) when it is first submitted.
import '../../zod-without-eval.ts';

export { LoginInput } from '@community/domain';
