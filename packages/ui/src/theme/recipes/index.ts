import { avatar } from './avatar.ts';
import { badge } from './badge.ts';
import { button } from './button.ts';
import { card } from './card.ts';
import { dialog } from './dialog.ts';
import { field } from './field.ts';
import { input } from './input.ts';
import { page } from './page.ts';
import { skeleton } from './skeleton.ts';
import { table } from './table.ts';
import { tabs } from './tabs.ts';
import { toast } from './toast.ts';

export const recipes = { button, input, badge, skeleton };
export const slotRecipes = { field, card, dialog, tabs, avatar, table, toast, page };
