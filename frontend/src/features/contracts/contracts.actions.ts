import { defineActions } from '../chat-kit/action-kit';
import { CONTRACTS_URL } from './contracts-url';

/** generate_contract: contracts are written in the document service, which opens in a new tab (doc1 §2). */
export const actions = defineActions({
  generate_contract: () => ({
    ok: true,
    openUrl: CONTRACTS_URL,
    toast: {
      title: 'Opening Contracts',
      description: 'Your contracts document service opened in a new tab.',
    },
  }),
});
