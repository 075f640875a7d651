import { visibleNavigation, type NavigationGroup, type NavigationSubject } from '@portal/domain';
import { isBuiltPath } from '../built-routes';

/**
 * The navigation this user sees and the app can show: entries whose route admits the user
 * (packages/domain) and has a screen. A group left empty is dropped.
 */
export function builtNavigation(subject: NavigationSubject): NavigationGroup[] {
  return visibleNavigation(subject)
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => item.path === undefined || isBuiltPath(item.path)),
    }))
    .filter((group) => group.items.length > 0);
}
