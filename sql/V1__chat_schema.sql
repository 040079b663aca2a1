-- Barb chat schema, Supabase-compatible (seed 000 §1). On plain PostgreSQL an `auth` stand-in provides
-- auth.users, auth.uid() and auth.role(); on Supabase the real ones are left untouched.

create extension if not exists pgcrypto;

create schema if not exists auth;

do $$
begin
  if not exists (select 1 from information_schema.tables where table_schema = 'auth' and table_name = 'users') then
    create table auth.users (
      id uuid primary key,
      email text,
      created_at timestamptz not null default now()
    );
    comment on table auth.users is 'barb stand-in for Supabase auth.users';
  end if;
  if not exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                 where n.nspname = 'auth' and p.proname = 'uid') then
    execute $f$create function auth.uid() returns uuid language sql stable as
      'select nullif(current_setting(''request.jwt.claim.sub'', true), '''')::uuid'$f$;
  end if;
  if not exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                 where n.nspname = 'auth' and p.proname = 'role') then
    execute $f$create function auth.role() returns text language sql stable as
      'select coalesce(nullif(current_setting(''request.jwt.claim.role'', true), ''''), ''service_role'')'$f$;
  end if;
end
$$;

create table if not exists public.chat_sessions (
  id uuid not null default gen_random_uuid(),
  user_id uuid null,
  title text null,
  status text null default 'active'::text,
  stats jsonb null default '{"cost_usd": 0, "input_tokens": 0, "output_tokens": 0, "thinking_tokens": 0, "cached_tokens": 0, "message_count": 0}'::jsonb,
  created_at timestamp with time zone null default now(),
  updated_at timestamp with time zone null default now(),
  memory jsonb null default '{"key_facts": [], "summaries": []}'::jsonb,
  constraint chat_sessions_pkey primary key (id),
  constraint chat_sessions_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);

create index if not exists idx_chat_sessions_user_id on public.chat_sessions (user_id);
create index if not exists idx_chat_sessions_updated_at on public.chat_sessions (updated_at desc);
create index if not exists idx_chat_sessions_status on public.chat_sessions (status) where status = 'active';

create table if not exists public.chat_logs (
  id bigserial not null,
  request_id uuid null default gen_random_uuid(),
  user_id uuid null,
  chat_id uuid null,
  question text not null,
  response text null,
  route text null,
  agents_used text[] null default '{}'::text[],
  duration_ms integer null,
  usage jsonb null,
  feedback jsonb null,
  created_at timestamp with time zone null default now(),
  -- Barb addition: set once when the request completes, so a redelivered completion changes nothing.
  completed_at timestamp with time zone null,
  constraint chat_logs_pkey primary key (id),
  constraint chat_logs_request_id_key unique (request_id),
  constraint chat_logs_chat_id_fkey foreign key (chat_id) references public.chat_sessions (id) on delete cascade,
  constraint chat_logs_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);

create index if not exists idx_chat_logs_user_id on public.chat_logs (user_id);
create index if not exists idx_chat_logs_created_at on public.chat_logs (created_at desc);
create index if not exists idx_chat_logs_chat_id on public.chat_logs (chat_id);
create index if not exists idx_chat_logs_route on public.chat_logs (route);
create index if not exists idx_chat_logs_feedback on public.chat_logs (feedback) where feedback is not null;
create index if not exists idx_chat_logs_chat_created on public.chat_logs (chat_id, created_at desc);

create table if not exists public.request_traces (
  id bigserial not null,
  request_id uuid null,
  user_id uuid null,
  step_number integer not null,
  agent_name text not null,
  input_data jsonb null,
  output_data jsonb null,
  usage jsonb null,
  duration_ms integer null,
  created_at timestamp with time zone null default now(),
  constraint request_traces_pkey primary key (id),
  constraint request_traces_request_id_fkey foreign key (request_id) references public.chat_logs (request_id) on delete cascade,
  constraint request_traces_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);

-- Unique, not just an index: a redelivered step event must not add a second row.
create unique index if not exists idx_traces_request_step on public.request_traces (request_id, step_number);
create index if not exists idx_traces_user_id on public.request_traces (user_id);
create index if not exists idx_traces_created_at on public.request_traces (created_at desc);
create index if not exists idx_traces_agent_name on public.request_traces (agent_name);
create index if not exists idx_traces_usage on public.request_traces using gin (usage);

create or replace function public.increment_chat_stats(
  p_chat_id uuid,
  p_input_tokens integer default 0,
  p_output_tokens integer default 0,
  p_thinking_tokens integer default 0,
  p_cached_tokens integer default 0,
  p_cost_usd numeric default 0
) returns void
language plpgsql
security definer
set search_path = public
as $$
begin
  update public.chat_sessions
     set stats = coalesce(stats, '{}'::jsonb)
           || jsonb_build_object(
                'message_count', coalesce((stats->>'message_count')::integer, 0) + 1,
                'input_tokens', coalesce((stats->>'input_tokens')::bigint, 0) + p_input_tokens,
                'output_tokens', coalesce((stats->>'output_tokens')::bigint, 0) + p_output_tokens,
                'thinking_tokens', coalesce((stats->>'thinking_tokens')::bigint, 0) + p_thinking_tokens,
                'cached_tokens', coalesce((stats->>'cached_tokens')::bigint, 0) + p_cached_tokens,
                'cost_usd', coalesce((stats->>'cost_usd')::numeric, 0) + p_cost_usd),
         updated_at = now()
   where id = p_chat_id;
end;
$$;

alter table public.chat_sessions enable row level security;
alter table public.chat_logs enable row level security;
alter table public.request_traces enable row level security;

drop policy if exists "Users see own sessions" on public.chat_sessions;
create policy "Users see own sessions" on public.chat_sessions for select using (auth.uid() = user_id);
drop policy if exists "Users create own sessions" on public.chat_sessions;
create policy "Users create own sessions" on public.chat_sessions for insert with check (auth.uid() = user_id);
drop policy if exists "Users update own sessions" on public.chat_sessions;
create policy "Users update own sessions" on public.chat_sessions for update using (auth.uid() = user_id);
drop policy if exists "Users delete own sessions" on public.chat_sessions;
create policy "Users delete own sessions" on public.chat_sessions for delete using (auth.uid() = user_id);
drop policy if exists "Service role full access on sessions" on public.chat_sessions;
create policy "Service role full access on sessions" on public.chat_sessions for all using (auth.role() = 'service_role');

drop policy if exists "Users see own logs" on public.chat_logs;
create policy "Users see own logs" on public.chat_logs for select using (auth.uid() = user_id);
drop policy if exists "Users create own logs" on public.chat_logs;
create policy "Users create own logs" on public.chat_logs for insert with check (auth.uid() = user_id);
drop policy if exists "Service role full access on logs" on public.chat_logs;
create policy "Service role full access on logs" on public.chat_logs for all using (auth.role() = 'service_role');

drop policy if exists "Users see own traces" on public.request_traces;
create policy "Users see own traces" on public.request_traces for select using (auth.uid() = user_id);
drop policy if exists "Service role full access on traces" on public.request_traces;
create policy "Service role full access on traces" on public.request_traces for all using (auth.role() = 'service_role');
