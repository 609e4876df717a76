import { definePandaAppConfig } from '@community/ui/app-config/panda';
import { defineConfig } from '@pandacss/dev';

// Only this micro-frontend's own styles; the shell ships tokens, reset and recipes.
export default defineConfig(definePandaAppConfig('remote'));
