import { definePandaAppConfig } from '@community/ui/app-config/panda';
import { defineConfig } from '@pandacss/dev';

// The shell emits the reset, tokens and every recipe; see packages/ui/app-config/panda.ts.
export default defineConfig(definePandaAppConfig('host'));
