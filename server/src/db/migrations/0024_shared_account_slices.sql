DROP INDEX "accounts_owner_code_uq";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "slice_of" bigint;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "slice" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_slice_of_accounts_id_fk" FOREIGN KEY ("slice_of") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_slice_uq" ON "accounts" USING btree ("slice_of","slice") WHERE slice_of IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_owner_code_uq" ON "accounts" USING btree ("tenant_id","owner_type",coalesce(owner_id, 0),"code","currency","slice") WHERE deleted_at IS NULL;--> statement-breakpoint
-- The busy platform accounts of the tenants already provisioned get their slices (ledgerChart PlatformAccountDef.sliced:
-- the clearing accounts, revenue, EXP_PROMO and EXP_COUPON; SHARED_ACCOUNT_SLICES = 8).
INSERT INTO accounts (tenant_id, account_no, book_id, owner_type, owner_id, code, currency, normal_side, allow_negative, status, slice_of, slice, created_by, updated_by)
SELECT a.tenant_id, a.account_no || '/' || k, a.book_id, a.owner_type, a.owner_id, a.code, a.currency, a.normal_side, a.allow_negative, 0, a.id, k, a.created_by, a.created_by
  FROM accounts a CROSS JOIN generate_series(1, 7) AS k
 WHERE a.owner_type = 4 AND a.slice = 0 AND a.deleted_at IS NULL
   AND (a.code LIKE 'CLEARING:%' OR a.code LIKE 'REV\_%' OR a.code IN ('EXP_PROMO', 'EXP_COUPON'));
--> statement-breakpoint
-- The posting service's two statements (server/src/platform/ledger/posting.ts), kept here so each connection plans
-- them once. `ledger_hold` locks a posting's own accounts in id order; a shared account (the platform's, allowed below
-- zero: owner_type 4) is read, not locked, with the row its line is booked on: the slice the reserved transaction id
-- picks (id mod p_slices; the account itself for 0 or when it has no such slice). With a key it also answers the
-- key's earlier transaction, looked up once the locks are held, and reserves the new transaction's id.
CREATE FUNCTION ledger_hold(p_tenant bigint, p_ids bigint[], p_key text, p_slices int)
RETURNS TABLE (id bigint, account_no text, code text, owner_type smallint, owner_id bigint, currency text, normal_side text, balance bigint,
               frozen bigint, allow_negative boolean, status smallint, shared boolean, booked_id bigint, prior_txn_id bigint, txn_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_prior bigint;
  v_txn bigint;
BEGIN
  PERFORM 1 FROM accounts a
   WHERE a.id = ANY (p_ids) AND a.tenant_id = p_tenant AND a.deleted_at IS NULL AND NOT (a.owner_type = 4 AND a.allow_negative)
   ORDER BY a.id FOR UPDATE;
  IF p_key IS NOT NULL THEN
    SELECT t.id INTO v_prior FROM ledger_transactions t WHERE t.tenant_id = p_tenant AND t.idempotency_key = p_key;
    v_txn := nextval(pg_get_serial_sequence('ledger_transactions', 'id'));
  END IF;
  RETURN QUERY
    SELECT a.id, a.account_no, a.code, a.owner_type, a.owner_id, a.currency::text, a.normal_side::text, a.balance, a.frozen, a.allow_negative,
           a.status, (a.owner_type = 4 AND a.allow_negative), coalesce(s.id, a.id), v_prior, v_txn
      FROM accounts a
      LEFT JOIN accounts s ON s.slice_of = a.id AND s.slice = v_txn % p_slices AND s.deleted_at IS NULL
     WHERE a.id = ANY (p_ids) AND a.tenant_id = p_tenant AND a.deleted_at IS NULL;
END $$;
--> statement-breakpoint
-- Writes a posting `ledger_hold` prepared: the transaction (nothing more when its key posted meanwhile: NULL), the
-- own accounts' balances as the service computed them, then the shared rows, each moved by its delta under its lock
-- (taken here, in id order, and held to the commit), then every line in the posting's order with the balance after it
-- (a shared row's: its new balance less what the posting's later lines on it moved). Answers the shared rows' new
-- balances as {id: balance}.
CREATE FUNCTION ledger_write(p_tenant bigint, p_txn json, p_own json, p_shared json, p_lines json) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_moved jsonb := '{}';
  v_balance bigint;
  r record;
BEGIN
  INSERT INTO ledger_transactions (id, tenant_id, txn_no, kind, idempotency_key, biz_type, biz_id, occurred_at, city_code, reverses_txn_id)
  SELECT t.id, p_tenant, t.txn_no, t.kind, t.idempotency_key, t.biz_type, t.biz_id, t.occurred_at, t.city_code, t.reverses_txn_id
    FROM json_to_record(p_txn) AS t(id bigint, txn_no text, kind text, idempotency_key text, biz_type text, biz_id bigint,
                                    occurred_at timestamptz, city_code bigint, reverses_txn_id bigint)
  ON CONFLICT (tenant_id, idempotency_key) DO NOTHING
  RETURNING ledger_transactions.id INTO v_id;
  IF v_id IS NULL THEN
    RETURN NULL;
  END IF;
  FOR r IN SELECT * FROM json_to_recordset(p_own) AS m(id bigint, balance bigint) LOOP
    UPDATE accounts SET balance = r.balance, updated_at = now() WHERE accounts.id = r.id;
  END LOOP;
  FOR r IN SELECT * FROM json_to_recordset(p_shared) AS d(id bigint, delta bigint) ORDER BY d.id LOOP
    UPDATE accounts SET balance = accounts.balance + r.delta, updated_at = now() WHERE accounts.id = r.id RETURNING accounts.balance INTO v_balance;
    v_moved := v_moved || jsonb_build_object(r.id::text, v_balance);
  END LOOP;
  INSERT INTO ledger_entries (tenant_id, txn_id, account_id, direction, amount, currency, balance_after, memo_key, city_code)
  SELECT p_tenant, v_id, l.account_id, l.direction, l.amount, l.currency,
         coalesce((v_moved ->> l.account_id::text)::bigint - l.later, l.balance_after), l.memo_key, (p_txn ->> 'city_code')::bigint
    FROM json_to_recordset(p_lines) AS l(ord int, account_id bigint, direction text, amount bigint, currency text, memo_key text,
                                         balance_after bigint, later bigint)
   ORDER BY l.ord;
  RETURN v_moved;
END $$;
