export { NotAuthorized } from './not-authorized';
export { RequireAccess, RouteGuard } from './route-guard';
