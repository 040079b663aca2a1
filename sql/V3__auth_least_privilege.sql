-- Sign-in and isolation (issue 12 §1): least privileges and row-level security that holds.
--
-- Roles. Supabase has anon, authenticated and service_role; on plain PostgreSQL the first two are created here
-- (without login: a connection becomes them with `set role`, as Supabase's API does). barb_service is what Barb's
-- services need and nothing more: the deployment creates a login user and grants it barb_service (docs/operations.md);
-- it owns nothing and is not a superuser, so it cannot change the schema or switch RLS off.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'barb_service') then
    create role barb_service nologin;
  end if;
end
$$;

-- The auth stand-in (plain PostgreSQL only; Supabase's own functions are left alone). It reads the claims the way
-- Supabase sets them today (request.jwt.claims, one JSON) and the older per-claim settings, and it no longer answers
-- 'service_role' when no JWT is set: a connection without claims is nobody, not the service.
do $$
begin
  if obj_description('auth.users'::regclass, 'pg_class') = 'barb stand-in for Supabase auth.users' then
    create or replace function auth.uid() returns uuid language sql stable as $f$
      select nullif(coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
                             nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'), '')::uuid
    $f$;
    create or replace function auth.role() returns text language sql stable as $f$
      select nullif(coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                             nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'), '')
    $f$;
    grant usage on schema auth to anon, authenticated, barb_service;
    -- The trace-sink creates a stand-in user on first sight of its id.
    grant select, insert on auth.users to barb_service;
  end if;
end
$$;

-- Even the tables' owner is subject to the policies (a superuser or a BYPASSRLS role, such as Supabase's postgres
-- and service_role, still is not: they are the administrators).
alter table public.chat_sessions force row level security;
alter table public.chat_logs force row level security;
alter table public.request_traces force row level security;

-- Users (the authenticated role): read their own chats, messages and traces; rename or soft-delete (status) their
-- own chats. Everything else is written by the services. anon gets nothing.
revoke all on public.chat_sessions, public.chat_logs, public.request_traces from public, anon, authenticated;
grant select on public.chat_sessions, public.chat_logs, public.request_traces to authenticated;
grant update (title, status) on public.chat_sessions to authenticated;

-- Services: read and write rows, never delete or alter; one policy per table, for barb_service only.
grant select, insert, update on public.chat_sessions, public.chat_logs, public.request_traces to barb_service;
grant usage, select on sequence public.chat_logs_id_seq, public.request_traces_id_seq to barb_service;
drop policy if exists "Barb services read and write" on public.chat_sessions;
create policy "Barb services read and write" on public.chat_sessions for all to barb_service
  using (true) with check (true);
drop policy if exists "Barb services read and write" on public.chat_logs;
create policy "Barb services read and write" on public.chat_logs for all to barb_service
  using (true) with check (true);
drop policy if exists "Barb services read and write" on public.request_traces;
create policy "Barb services read and write" on public.request_traces for all to barb_service
  using (true) with check (true);

-- The stats function runs with the caller's rights (it was security definer: anyone could bump any chat's stats),
-- and only the services may call it.
alter function public.increment_chat_stats(uuid, integer, integer, integer, integer, numeric) security invoker;
revoke execute on function public.increment_chat_stats(uuid, integer, integer, integer, integer, numeric)
  from public, anon, authenticated;
grant execute on function public.increment_chat_stats(uuid, integer, integer, integer, integer, numeric)
  to barb_service;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant execute on function public.increment_chat_stats(uuid, integer, integer, integer, integer, numeric)
      to service_role;
  end if;
end
$$;
