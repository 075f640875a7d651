import { prepareTemplate } from './database-template';

export default async function setup() {
  await prepareTemplate();
}
