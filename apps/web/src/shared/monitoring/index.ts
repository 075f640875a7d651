export {
  reportToMonitoring,
  startMonitoring,
  type MonitoredUser,
  type MonitoringEvent,
} from './monitoring';
export { startSessionReplay } from './session-replay';
