import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AssignmentLateOutlined from '@mui/icons-material/AssignmentLateOutlined';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import AttachMoneyOutlined from '@mui/icons-material/AttachMoneyOutlined';
import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LowPriorityOutlined from '@mui/icons-material/LowPriorityOutlined';
import Logout from '@mui/icons-material/Logout';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import StarBorder from '@mui/icons-material/StarBorder';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import type SvgIcon from '@mui/material/SvgIcon';

type SvgIconComponent = typeof SvgIcon;

/** One icon per navigation label (groups and entries); the collapsed navigation shows only these. */
export const NAVIGATION_ICONS: Record<string, SvgIconComponent> = {
  Dashboard: SpaceDashboardOutlined,
  'Load Board': ViewListOutlined,
  'Live Equipment': SensorsOutlined,
  'Saved Lanes': BookmarksOutlined,
  'Top Picks': StarBorder,
  'Manage Freight': Inventory2Outlined,
  Shipments: LocalShippingOutlined,
  Tenders: AssignmentOutlined,
  'Rate Requests': RequestQuoteOutlined,
  Orders: ListAltOutlined,
  Financials: AttachMoneyOutlined,
  Accounting: AccountBalanceOutlined,
  'Payment Remittance': PaymentsOutlined,
  'Third Party Payer Invoices': ReceiptLongOutlined,
  'Accessorial Requests': AssignmentLateOutlined,
  Account: AccountCircleOutlined,
  Videos: OndemandVideoOutlined,
  Contacts: ContactsOutlined,
  Locations: PlaceOutlined,
  Support: SupportAgentOutlined,
  Logout,
  Operations: EngineeringOutlined,
  Queues: ChecklistOutlined,
  Tendering: LowPriorityOutlined,
  'Rate Offers': GavelOutlined,
};
