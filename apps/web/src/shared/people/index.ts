export {
  ContactDetailsFields,
  contactDetailsBody,
  contactDetailsFrom,
  type ContactDetailsValues,
  type EmailRow,
  type PhoneRow,
} from './contact-details-fields';
export { PersonAvatar } from './person-avatar';
export { readPicture, UnusablePictureError } from './read-picture';
