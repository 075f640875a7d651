export {
  CASES_RESOURCE,
  detentionDraftOptions,
  fileAccessorialRequest,
  useDetentionDrafts,
  useFileAccessorialRequest,
  type AccessorialRequestFiled,
  type NewAccessorialRequest,
} from './api';
export { CreateCaseDialog, type CreateCaseDialogProps } from './create-case-dialog';
export { DetentionDrafts } from './detention-drafts';
