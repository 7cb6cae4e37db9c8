import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EmailOperationOutcome } from './email-management';
import { isMailConnectionExpired } from './mail-errors';

/** Every mail query's key starts with a path under /api/email (status, list, one message). */
function isMailQuery(key: readonly unknown[]): boolean {
  return typeof key[0] === 'string' && key[0].startsWith('/api/email');
}

function anyExpired(client: QueryClient): boolean {
  const queries = client.getQueryCache().findAll({ predicate: (query) => isMailQuery(query.queryKey) });
  if (queries.some((query) => isMailConnectionExpired(query.state.error))) return true;
  return client
    .getMutationCache()
    .getAll()
    .some(
      (mutation) =>
        isMailConnectionExpired(mutation.state.error) ||
        (mutation.state.data as Partial<EmailOperationOutcome> | undefined)?.expired === true,
    );
}

/**
 * Whether any mail call of this page found the Google grant expired (401 MAIL_CONNECTION_EXPIRED): the status, the
 * list, a message, or an unsubscribe, trash, delete or spam. The Emails page then asks to reconnect (doc3 §4).
 */
export function useMailConnectionExpired(): boolean {
  const client = useQueryClient();
  const [expired, setExpired] = useState(() => anyExpired(client));
  useEffect(() => {
    const check = () => setExpired(anyExpired(client));
    check();
    const stopQueries = client.getQueryCache().subscribe(check);
    const stopMutations = client.getMutationCache().subscribe(check);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);
  return expired;
}
