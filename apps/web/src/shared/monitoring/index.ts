export {
  reportToMonitoring,
  startMonitoring,
  type MonitoredUser,
  type MonitoringEvent,
} from './monitoring';
