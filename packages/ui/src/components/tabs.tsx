import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import { tabs } from '@community/ui/styled-system/recipes';
import { createStyleContext } from '../lib/create-style-context.tsx';

const { withProvider, withContext } = createStyleContext(tabs);

export const Tabs = {
  Root: withProvider(ArkTabs.Root, 'root'),
  List: withContext(ArkTabs.List, 'list'),
  Trigger: withContext(ArkTabs.Trigger, 'trigger'),
  Content: withContext(ArkTabs.Content, 'content'),
  Indicator: withContext(ArkTabs.Indicator, 'indicator'),
};
