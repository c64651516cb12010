import { CloudUploadOutlined, LogoutOutlined, ReloadOutlined } from '@ant-design/icons';
import type { FieldTicket } from '@kayuh/contract/api/fieldTool';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Segmented, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { logout } from '../../../lib/auth';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { useUserStore } from '../../../stores/userStore';
import { myTickets, queueSender, submitQueue } from './fieldApi';
import { useOnline, usePosition } from './fieldHooks';
import { Outbox } from './Outbox';
import { ScanView } from './ScanView';
import type { QueuedSubmit } from './submitQueue';
import { TicketCard } from './TicketCard';
import { TicketView } from './TicketView';

/** The list is read again this often while the tool is open (positions and new tickets). */
const REFRESH_MS = 30_000;

type View =
  | { kind: 'tickets' }
  | { kind: 'scan' }
  | { kind: 'outbox' }
  | { kind: 'ticket'; ticketId: number; scannedNo: string | null; from: 'tickets' | 'scan' };

/** The outbox's items, read again whenever it changes. */
function useOutbox(): QueuedSubmit[] {
  const [items, setItems] = useState<QueuedSubmit[]>([]);
  useEffect(() => {
    const read = () => void submitQueue.list().then(setItems, () => setItems([]));
    read();
    return submitQueue.subscribe(read);
  }, []);
  return items;
}

/** The technician's tool once signed in: my tickets, the scanner, the outbox. */
export function FieldTool() {
  const t = useT();
  const queryClient = useQueryClient();
  const user = useUserStore((s) => s.userInfo);
  const online = useOnline();
  const position = usePosition();
  const outbox = useOutbox();
  const [view, setView] = useState<View>({ kind: 'tickets' });
  const [sending, setSending] = useState(false);
  const [scannedTicket, setScannedTicket] = useState<FieldTicket | null>(null);
  const tickets = useQuery({ queryKey: ['fieldTool', 'tickets', position], queryFn: () => myTickets(position), refetchInterval: REFRESH_MS });
  const userId = user?.userId;
  const waiting = outbox.filter((x) => x.userId === userId && !x.refusal);
  const queuedTickets = useMemo(() => new Set(waiting.map((x) => x.ticketId)), [waiting]);

  const flush = useCallback(async () => {
    if (userId === undefined) return;
    setSending(true);
    const result = await submitQueue.flush(userId, queueSender).finally(() => setSending(false));
    if (result.sent.length) {
      toast('success', t('fieldTool.outbox.sent', { count: result.sent.length }));
      void queryClient.invalidateQueries({ queryKey: ['fieldTool'] });
    }
  }, [userId, t, queryClient]);

  // Back online, or every half minute while submits wait: send them.
  const hasWaiting = waiting.length > 0;
  useEffect(() => {
    if (!online || !hasWaiting) return;
    void flush();
    const timer = setInterval(() => void flush(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [online, hasWaiting, flush]);

  const may = tickets.data?.may ?? [];
  const list = tickets.data?.tickets ?? [];
  const open = view.kind === 'ticket' ? (list.find((x) => x.ticketId === view.ticketId) ?? scannedTicket) : null;
  const changed = (message: string) => {
    toast('success', message);
    void queryClient.invalidateQueries({ queryKey: ['fieldTool'] }).then(() => {
      // A ticket that left the technician's hands (submitted, declined) leaves the list too: back to it.
      const fresh = queryClient.getQueryData<{ tickets: FieldTicket[] }>(['fieldTool', 'tickets', position]);
      if (view.kind === 'ticket' && !fresh?.tickets.some((x) => x.ticketId === view.ticketId)) setView({ kind: view.from });
    });
  };

  return (
    <div className="field-tool">
      <header className="field-bar">
        <span className="field-user">{user?.nickName ?? user?.userName}</span>
        <span className={online ? 'field-online' : 'field-offline'} role="status">
          {t(online ? 'fieldTool.online' : 'fieldTool.offline')}
        </span>
        <Badge count={waiting.length} size="small">
          <Button
            icon={<CloudUploadOutlined />}
            aria-label={t('fieldTool.outbox.title')}
            onClick={() => setView({ kind: 'outbox' })}
            type={view.kind === 'outbox' ? 'primary' : 'default'}
          />
        </Badge>
        <Button icon={<LogoutOutlined />} aria-label={t('shell.user.logout')} onClick={() => void logout()} />
      </header>
      {!online && view.kind !== 'outbox' && <Alert type="warning" showIcon title={t('fieldTool.offlineHint')} />}
      {(view.kind === 'tickets' || view.kind === 'scan') && (
        <Segmented
          block
          size="large"
          value={view.kind === 'scan' ? 'scan' : 'tickets'}
          onChange={(value) => setView({ kind: value as 'tickets' | 'scan' })}
          options={[
            { value: 'tickets', label: t('fieldTool.tab.tickets') },
            { value: 'scan', label: t('fieldTool.tab.scan') },
          ]}
        />
      )}
      {view.kind === 'tickets' && (
        <section className="field-list" aria-label={t('fieldTool.tab.tickets')}>
          <div className="field-list-head">
            <span className="field-card-meta">{t(position ? 'fieldTool.list.nearest' : 'fieldTool.list.byDue')}</span>
            <Button
              type="text"
              icon={<ReloadOutlined />}
              loading={tickets.isFetching}
              aria-label={t('fieldTool.list.reload')}
              onClick={() => void tickets.refetch()}
            />
          </div>
          {tickets.isPending && <Spin />}
          {tickets.isError && <Alert type="error" showIcon title={tickets.error.message} />}
          <TicketGroup
            title={t('fieldTool.list.mine')}
            tickets={list.filter((x) => x.mine)}
            queued={queuedTickets}
            onOpen={(x) => setView({ kind: 'ticket', ticketId: x.ticketId, scannedNo: null, from: 'tickets' })}
          />
          {may.includes('grab') && (
            <TicketGroup
              title={t('fieldTool.list.grabbable')}
              tickets={list.filter((x) => !x.mine)}
              queued={queuedTickets}
              onOpen={(x) => setView({ kind: 'ticket', ticketId: x.ticketId, scannedNo: null, from: 'tickets' })}
            />
          )}
        </section>
      )}
      {view.kind === 'scan' && (
        <ScanView
          may={may}
          queuedTickets={queuedTickets}
          onOpenTicket={(ticket, scannedNo) => {
            setScannedTicket(ticket);
            setView({ kind: 'ticket', ticketId: ticket.ticketId, scannedNo, from: 'scan' });
          }}
        />
      )}
      {view.kind === 'outbox' && (
        <Outbox
          items={outbox.filter((x) => x.userId === userId)}
          online={online}
          sending={sending}
          onSend={() => void flush()}
          onBack={() => setView({ kind: 'tickets' })}
        />
      )}
      {view.kind === 'ticket' && open && (
        <TicketView
          key={`${open.ticketId}-${open.status}`}
          ticket={open}
          may={may}
          scannedNo={view.scannedNo}
          position={position}
          queued={queuedTickets.has(open.ticketId)}
          onBack={() => setView({ kind: view.from })}
          onChanged={changed}
        />
      )}
    </div>
  );
}

function TicketGroup({
  title,
  tickets,
  queued,
  onOpen,
}: {
  title: string;
  tickets: FieldTicket[];
  queued: ReadonlySet<number>;
  onOpen: (t: FieldTicket) => void;
}) {
  const t = useT();
  return (
    <>
      <h3>
        {title} <span className="field-count">({tickets.length})</span>
      </h3>
      {tickets.length === 0 && <p className="field-empty">{t('fieldTool.list.none')}</p>}
      {tickets.map((ticket) => (
        <TicketCard key={ticket.ticketId} ticket={ticket} queued={queued.has(ticket.ticketId)} onOpen={() => onOpen(ticket)} />
      ))}
    </>
  );
}
