# Ten years of a small firm's money, for bench/invoices.sh and bench/jobs.sh (sourced, not
# run): 20 000 jobs and their invoices copied from the one job and invoice the API made,
# over ten years, and 30 000 payments (half the invoices paid in two parts, half in one).
# Usage: first_invoice (with `call`, `jar` and `base` of a signed-in session, the server running), then fill sqlite|postgres
# <database url> with the server stopped.

# The firm can invoice; one call-out job, worked a day and done, invoiced through the API:
# the rows `fill` copies.
first_invoice() {
  local settings lead job
  settings=$(curl -fsS -b "$jar" "$base/api/admin/settings" | jq '.company_name = "Benk AS" | .orgnr = "923 456 783"
    | .adresse = "Storgata 1, 0155 Oslo" | .invoicing = {account_number: "1234.56.78903", vat_registered: true, payment_days: 14, kid: true}')
  call PUT /api/admin/settings "$settings" >/dev/null
  lead=$(call POST /api/admin/leads '{"name":"Kunde Ødegård","email":"kunde@example.no","adresse":"Storgata 2","postnr":"0155"}' | jq -r .id)
  job=$(call POST "/api/admin/leads/$lead/jobs" '{"title":"Oppdrag","hourly_rate":95000,"budget":5000000,"workers":[]}' | jq -r .id)
  call POST /api/admin/time "{\"job_id\":\"$job\",\"day\":\"$(date +%F)\",\"minutes\":450}" >/dev/null
  call PUT "/api/admin/jobs/$job" '{"status":"done"}' >/dev/null
  call POST "/api/admin/jobs/$job/invoices" '{}' >/dev/null
}

# The rows: jobs and invoices copied from the first, payments made for them, `paid` counted.
# $1 is the database kind; the SQL takes the copied columns from the table itself.
fill() {
  local kind=$1 url=$2
  python3 - "$kind" "$url" <<'PY'
import sys, subprocess, uuid
kind, url = sys.argv[1], sys.argv[2]
N = 20_000
if kind == "sqlite":
    import sqlite3
    db = sqlite3.connect(url.removeprefix("sqlite://"))
    def cols(table): return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
    job_cols = cols("jobs")
    job = db.execute("SELECT * FROM jobs WHERE id = (SELECT job_id FROM invoices LIMIT 1)").fetchone()
    inv_cols = cols("invoices")  # without the generated ones (standing, owing), which table_info leaves out
    invoice = db.execute(f"SELECT {','.join(inv_cols)} FROM invoices LIMIT 1").fetchone()
    jobs, invoices, payments = [], [], []
    import datetime
    today = datetime.date.today()
    for i in range(1, N):
        job_id = uuid.uuid4().bytes
        row = list(job); row[job_cols.index("id")] = job_id; jobs.append(row)
        issued = today - datetime.timedelta(days=(i * 3650) // N)
        customer = f"Ødegård Bygg {i % 3000}" if i % 2 else f"Kari Hansen {i % 3000}"
        number = f"{issued.year}-{i:05d}"
        total = 100_000 + (i % 97) * 1_000
        inv = list(invoice)
        for name, value in [("id", uuid.uuid4().bytes), ("job_id", job_id), ("number", number),
                            ("issue_date", issued.isoformat()), ("due_date", (issued + datetime.timedelta(days=14)).isoformat()),
                            ("customer", customer), ("search", f"{number} {customer}".lower()), ("total", total),
                            ("net_total", total * 4 // 5), ("vat_total", total - total * 4 // 5), ("paid", 0), ("credited", 0), ("charged", 0)]:
            inv[inv_cols.index(name)] = value
        invoices.append(inv)
        inv_id = inv[inv_cols.index("id")]
        halves = [total // 2, total - total // 2] if i % 2 else [total // 2]
        for k, amount in enumerate(halves):
            payments.append((uuid.uuid4().bytes, inv_id, amount, (issued + datetime.timedelta(days=10 + k)).isoformat(),
                             "manual", "matched", "Benk", "2026-01-01T00:00:00Z"))
    db.executemany(f"INSERT INTO jobs ({','.join(job_cols)}) VALUES ({','.join('?' * len(job_cols))})", jobs)
    db.executemany(f"INSERT INTO invoices ({','.join(inv_cols)}) VALUES ({','.join('?' * len(inv_cols))})", invoices)
    db.executemany("INSERT INTO payments (id, invoice_id, amount, paid_on, source, status, created_by, created_at) VALUES (?,?,?,?,?,?,?,?)", payments)
    db.execute("UPDATE invoices SET paid = COALESCE((SELECT SUM(amount) FROM payments WHERE payments.invoice_id = invoices.id AND status = 'matched'), 0)")
    db.commit()
    db.execute("ANALYZE")
else:
    # The invoices' columns but the generated ones (standing, owing), which take no value.
    inv_cols = subprocess.run(["psql", "-Atq", url, "-c", "SELECT string_agg(column_name, ', ' ORDER BY ordinal_position) "
                               "FROM information_schema.columns WHERE table_name = 'invoices' AND is_generated = 'NEVER'"],
                              check=True, capture_output=True, text=True).stdout.strip()
    sql = f"""
    CREATE TEMP TABLE n AS SELECT i FROM generate_series(1, {N - 1}) i;
    CREATE TEMP TABLE made AS SELECT i, gen_random_uuid() AS job_id, gen_random_uuid() AS invoice_id,
        current_date - (i * 3650 / {N}) AS issued,
        CASE WHEN i % 2 = 1 THEN 'Ødegård Bygg ' ELSE 'Kari Hansen ' END || (i % 3000) AS customer,
        100000 + (i % 97) * 1000 AS total FROM n;
    INSERT INTO jobs SELECT (jsonb_populate_record(NULL::jobs, to_jsonb(j) || jsonb_build_object('id', m.job_id))).*
        FROM made m, (SELECT * FROM jobs WHERE id = (SELECT job_id FROM invoices LIMIT 1)) j;
    INSERT INTO invoices ({inv_cols}) SELECT {inv_cols} FROM (SELECT (jsonb_populate_record(NULL::invoices, to_jsonb(v) || jsonb_build_object(
        'id', m.invoice_id, 'job_id', m.job_id,
        'number', extract(year FROM m.issued)::int || '-' || lpad(m.i::text, 5, '0'),
        'issue_date', m.issued, 'due_date', m.issued + 14, 'customer', m.customer,
        'search', lower(extract(year FROM m.issued)::int || '-' || lpad(m.i::text, 5, '0') || ' ' || m.customer),
        'total', m.total, 'net_total', m.total * 4 / 5, 'vat_total', m.total - m.total * 4 / 5,
        'paid', 0, 'credited', 0, 'charged', 0))).*
        FROM made m, (SELECT * FROM invoices LIMIT 1) v) AS copied;
    INSERT INTO payments (id, invoice_id, amount, paid_on, source, status, created_by, created_at)
        SELECT gen_random_uuid(), m.invoice_id, m.total / 2, m.issued + 10, 'manual', 'matched', 'Benk', now() FROM made m;
    INSERT INTO payments (id, invoice_id, amount, paid_on, source, status, created_by, created_at)
        SELECT gen_random_uuid(), m.invoice_id, m.total - m.total / 2, m.issued + 11, 'manual', 'matched', 'Benk', now()
        FROM made m WHERE m.i % 2 = 1;
    UPDATE invoices SET paid = COALESCE((SELECT SUM(amount) FROM payments WHERE payments.invoice_id = invoices.id AND status = 'matched'), 0);
    """
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql], check=True, stdout=subprocess.DEVNULL)
    # As autovacuum would have left ten years of rows: visible to index-only scans.
    subprocess.run(["psql", "-q", url, "-c", "VACUUM ANALYZE invoices"], check=True, stdout=subprocess.DEVNULL)
PY
}
